// The form renderer dispatches on each type's meta (layout) and sizes a lazy widget's stand-in
// from it (placeholder) — no table keyed by type code.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { TC, type FieldDefinition } from '../../schemas';
import { widgetRegistry } from '../registry';
import { StoryProviders } from '../testing/storyDecorators';
import { FieldRenderer, formGridStyle } from './FieldRenderer';
import { LazyMountProvider } from './lazy';
import { createLocalSource } from './localSource';

const label = (s: string) => ({ 'zh-CN': s });
const fields: FieldDefinition[] = [
  { key: 'basic', type: TC.DIVIDER, label: label('基本信息') },
  { key: 'title', type: TC.TEXT, label: label('标题'), width: 12 },
  { key: 'memo', type: TC.TEXTAREA, label: label('说明') },
  { key: 'taxed', type: TC.RADIO, label: label('含税'), options: [{ value: '1', label: label('是') }] },
  { key: 'lines', type: TC.SUB_FORM, label: label('明细'), fields: [{ key: 'qty', type: TC.INTEGER, label: label('数量') }] },
];

function draw(lazy = false) {
  const source = createLocalSource({ fields, values: { lines: [{ qty: 2 }] } });
  return render(
    <StoryProviders locale="zh-CN">
      <LazyMountProvider enabled={lazy}>
        <div style={formGridStyle}>
          {fields.map((f) => (
            <FieldRenderer key={f.key} source={source} field={f} locale="zh-CN" services={{}} />
          ))}
        </div>
      </LazyMountProvider>
    </StoryProviders>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('FieldRenderer', () => {
  it('lays each type out by its meta: inline in its shell, full-row as a section, a block as the detail table', () => {
    const r = draw();
    expect(r.getByTestId('section-basic')).toHaveTextContent('基本信息');
    expect(r.getByTestId('field-title')).toHaveAttribute('data-span', '12');
    expect(r.getByLabelText('标题').tagName).toBe('INPUT');
    expect(r.getByTestId('field-lines')).toHaveClass('fw-detail');
    expect(r.getByLabelText('数量 1')).toBeInTheDocument();
  });

  it('sizes the stand-in of a widget not mounted yet from its meta', () => {
    class FarObserver {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FarObserver);
    // every field far below the screen
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
      top: 9000,
      bottom: 9032,
      left: 0,
      right: 100,
      width: 100,
      height: 32,
      x: 0,
      y: 9000,
      toJSON: () => ({}),
    } as DOMRect);
    const r = draw(true);
    const box = (key: string) => r.getByTestId(`pending-fw-${key}`).style;
    expect(box('memo').minHeight).toBe(`${widgetRegistry[TC.TEXTAREA].meta.placeholder.height}px`);
    expect(box('memo').minHeight).toBe('76px');
    expect(box('title').border).not.toBe('');
    expect(box('taxed').border).toBe('');
  });
});
