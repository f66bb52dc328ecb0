// Issue 17: generated forms on a phone. The layout collapses by CSS (phone.css, one media query at
// VIEWPORT.tabletMinPx), so these tests check (a) that the stylesheet's rules, as the browser's
// CSS object model parses them, say what the phone layout needs and (b) that the form and the
// widgets carry the class names those rules select. The layout itself is measured in the browser
// by tests/e2e/phone-form.spec.ts.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/react';
import { TC } from '../../schemas';
import { VIEWPORT } from '../../schemas/constants';
import { PHONE_QUERY } from '../shared/viewport';
import { renderField } from '../testing/render';
import { FORM_GRID_CLASS, PHONE_RANGE_CLASS, PHONE_SHEET_CLASS } from './phoneLayout';

// read from disk: vitest does not process CSS, so `?raw` would give ''
const cssText = readFileSync(resolve(process.cwd(), 'widgets/form/phone.css'), 'utf8');

function parse(): CSSRuleList {
  const style = document.createElement('style');
  style.textContent = cssText;
  document.head.appendChild(style);
  const rules = style.sheet!.cssRules;
  style.remove();
  return rules;
}

/** the declarations of every rule inside the phone media query, by selector */
function phoneRules(): Map<string, CSSStyleDeclaration> {
  const out = new Map<string, CSSStyleDeclaration>();
  for (const rule of Array.from(parse())) {
    if (!(rule instanceof CSSMediaRule)) continue;
    for (const inner of Array.from(rule.cssRules)) {
      if (!(inner instanceof CSSStyleRule)) continue;
      for (const sel of inner.selectorText.split(',')) out.set(sel.trim().replace(/\s+/g, ' '), inner.style);
    }
  }
  return out;
}

function decl(selector: string, prop: string): { value: string; important: boolean } {
  const style = phoneRules().get(selector);
  if (!style) throw new Error(`phone.css has no phone rule for ${selector}`);
  return { value: style.getPropertyValue(prop), important: style.getPropertyPriority(prop) === 'important' };
}

describe('phone layout (issue 17)', () => {
  it('phone.css has one breakpoint: every media query is PHONE_QUERY (VIEWPORT.tabletMinPx)', () => {
    const media = Array.from(parse()).filter((r): r is CSSMediaRule => r instanceof CSSMediaRule);
    expect(media.length).toBeGreaterThan(0);
    for (const m of media) expect(m.media.mediaText).toBe(PHONE_QUERY);
    expect(PHONE_QUERY).toBe(`(max-width: ${VIEWPORT.tabletMinPx - 0.02}px)`);
  });

  it('below the tablet width every field of the grid takes the full row (over its inline span)', () => {
    expect(decl(`.${FORM_GRID_CLASS}`, 'grid-template-columns')).toEqual({ value: 'minmax(0, 1fr)', important: true });
    expect(decl(`.${FORM_GRID_CLASS} > *`, 'grid-column')).toEqual({ value: '1 / -1', important: true });
  });

  it('the header stacks, the action bar wraps with buttons of at least 44 px, long values wrap', () => {
    expect(decl('.fw-form-header-grid', 'grid-template-columns').value).toBe('minmax(0, 1fr)');
    expect(decl('.fw-action-bar .ant-btn', 'min-height')).toEqual({ value: `${VIEWPORT.touchTargetPx}px`, important: false });
    expect(decl('.fw-action-bar .ant-btn', 'min-width').value).toBe(`${VIEWPORT.touchTargetPx}px`);
    expect(decl('.fw-action-bar .ant-space', 'flex-wrap').value).toBe('wrap');
    expect(decl('.fw-field', 'overflow-wrap').value).toBe('anywhere');
  });

  it('inputs, selects, pickers and textareas have 16 px text', () => {
    for (const sel of ['.fw-field input', '.fw-field textarea', '.fw-field .ant-select', '.fw-field .ant-picker input', `.${PHONE_SHEET_CLASS} input`]) {
      expect(decl(sel, 'font-size').value, sel).toBe(`${VIEWPORT.phoneInputFontPx}px`);
    }
  });

  it('a sheet popup takes the viewport width; a date range shows one month with both arrows', () => {
    expect(decl(`.${PHONE_SHEET_CLASS}`, 'width')).toEqual({ value: '100vw', important: true });
    expect(decl(`.${PHONE_SHEET_CLASS}`, 'left')).toEqual({ value: '0px', important: true });
    expect(decl(`.${PHONE_RANGE_CLASS} .ant-picker-panels > .ant-picker-panel:last-child`, 'display').value).toBe('none');
    expect(decl(`.${PHONE_RANGE_CLASS} .ant-picker-header-next-btn`, 'visibility')).toEqual({ value: 'visible', important: true });
    expect(decl(`.${PHONE_RANGE_CLASS} .ant-picker-header-super-next-btn`, 'visibility')).toEqual({ value: 'visible', important: true });
    // centred over rc-picker's inline margin; a date with time: the time columns under the month
    expect(decl(`.${PHONE_SHEET_CLASS}.ant-picker-dropdown .ant-picker-panel-container`, 'margin-inline')).toEqual({ value: 'auto', important: true });
    expect(decl(`.${PHONE_SHEET_CLASS} .ant-picker-datetime-panel`, 'flex-direction').value).toBe('column');
  });

  it('a select opens as a sheet', async () => {
    const r = renderField(TC.SELECT, { label: '费用类型', field: { options: [{ value: '1', label: { 'zh-CN': '陈列费' } }] } });
    fireEvent.mouseDown(r.input());
    await waitFor(() => expect(document.querySelector(`.ant-select-dropdown.${PHONE_SHEET_CLASS}`)).not.toBeNull());
  });

  it('a master-data picker opens as a sheet', async () => {
    const r = renderField(TC.BRAND, { label: '品牌' });
    fireEvent.mouseDown(r.input());
    await waitFor(() => expect(document.querySelector(`.ant-select-dropdown.${PHONE_SHEET_CLASS}`)).not.toBeNull());
  });

  it('a department tree opens as a sheet', async () => {
    const r = renderField(TC.DEPARTMENT, { label: '部门' });
    fireEvent.mouseDown(r.input());
    await waitFor(() => expect(document.querySelector(`.ant-select-dropdown.${PHONE_SHEET_CLASS}`)).not.toBeNull());
  });

  it('a date and a date range open as sheets; the range one month at a time', async () => {
    const d = renderField(TC.DATE, { label: '活动日期' });
    fireEvent.mouseDown(d.input());
    fireEvent.click(d.input());
    await waitFor(() => expect(document.querySelector(`.ant-picker-dropdown.${PHONE_SHEET_CLASS}`)).not.toBeNull());
    d.unmount();
    const r = renderField(TC.DATE, { label: '活动期间', field: { range: true } });
    fireEvent.mouseDown(r.input());
    fireEvent.click(r.input());
    await waitFor(() => expect(document.querySelector(`.ant-picker-dropdown.${PHONE_SHEET_CLASS}.${PHONE_RANGE_CLASS}`)).not.toBeNull());
  });
});
