// The round-trip tests every master-data picker shares: search-as-you-type, pick, value out
// as {id, name}, the View, a clear empty state, and the multiple mode.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { typeInfo, type TypeCode } from '../../schemas';
import { FIXTURE_DATA, fixtureServices } from './fixtures';
import { pickOption, renderField } from './render';
import { pickerSource } from '../shared/pickerWidget';
import { storyField } from './WidgetStory';

/** `full` adds the multiple-mode and no-data-source cases (run once, on the dealer picker). */
export function describePicker(code: TypeCode, { full = false }: { full?: boolean } = {}) {
  const info = typeInfo(code);
  const src = pickerSource(info, storyField(code, {}, 'zh-CN'));
  const rows = (FIXTURE_DATA[src.endpoint] ?? []).filter((r) => !src.params || Object.entries(src.params).every(([k, v]) => r.params?.[k] === v));

  describe(`${code} ${info.name['zh-CN']} picker`, () => {
    it('has fixture master data', () => {
      expect(rows.length).toBeGreaterThan(0);
    });

    it('searches as the user types and returns {id, name}', async () => {
      const target = rows[rows.length - 1];
      const keyword = target.name.slice(0, Math.min(4, target.name.length));
      const r = renderField(code);
      await pickOption(r.user, r.input(), keyword, target.name);
      await waitFor(() => expect(r.value()).toEqual({ id: target.id, name: target.name }));
    });

    it('shows a clear empty state when nothing matches', async () => {
      const r = renderField(code);
      await r.user.click(r.input());
      await r.user.type(r.input(), '不存在的关键字zzz');
      expect(await screen.findByText(/没有与“不存在的关键字zzz”匹配的数据/, {}, { timeout: 3000 })).toBeInTheDocument();
      expect(r.value()).toBeUndefined();
    });

    it('shows the picked name in the View', () => {
      const r = renderField(code, { view: true, value: { id: rows[0].id, name: rows[0].name } });
      expect(r.getByText(rows[0].name)).toBeInTheDocument();
    });

    if (full)
      it('keeps several values when multiple', async () => {
        // the fixture must offer a second row to pick, or this test proves nothing
        expect(rows.length).toBeGreaterThanOrEqual(2);
        const second = rows[1];
        expect(second.id).not.toBe(rows[0].id);
        const r = renderField(code, { field: { dataSource: { multiple: true } }, value: [{ id: rows[0].id, name: rows[0].name }] });
        await pickOption(r.user, r.input(), second.name.slice(0, 3), second.name);
        await waitFor(() =>
          expect(r.value()).toEqual([
            { id: rows[0].id, name: rows[0].name },
            { id: second.id, name: second.name },
          ]),
        );
      });

    if (full)
      it('says so when there is no data source', async () => {
        const r = renderField(code, { services: { ...fixtureServices(), search: undefined } });
        await r.user.click(r.input());
        expect(await screen.findByText('数据源不可用')).toBeInTheDocument();
      });
  });
}
