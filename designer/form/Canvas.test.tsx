// Far-off fields are plain elements, fields near the screen dnd-kit sortables (nearViewport.ts),
// with a stand-in IntersectionObserver saying which fields are near.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDefinition } from '../core/testing';
import { FormDesignerPage } from './FormDesignerPage';
import { MemoryDesignerApi } from './testing/memoryApi';

class FakeObserver {
  static last: FakeObserver | null = null;
  readonly observed = new Set<Element>();
  constructor(private readonly cb: (entries: { target: Element; isIntersecting: boolean }[]) => void) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  disconnect() {}
  report(el: Element, isIntersecting: boolean) {
    if (this.observed.has(el)) this.cb([{ target: el, isIntersecting }]);
  }
}

const w = window as unknown as { IntersectionObserver?: unknown };

describe('Canvas: sortables near the screen only', () => {
  beforeAll(() => {
    w.IntersectionObserver = FakeObserver;
  });
  afterAll(() => {
    delete w.IntersectionObserver;
  });

  it('makes a field sortable when it comes near, plain again when it leaves; a focused plain field keeps the focus', async () => {
    render(
      <App>
        <FormDesignerPage api={new MemoryDesignerApi().seed(sampleDefinition())} code="expenseApp" />
      </App>,
    );
    const subject = await screen.findByTestId('canvas-field-subject');
    // plain: focusable and labelled like a sortable, but not registered with dnd-kit
    expect(subject).toHaveAttribute('tabindex', '0');
    expect(subject).toHaveAttribute('aria-label', '主题 单行文本');
    expect(subject).not.toHaveAttribute('aria-describedby');
    act(() => FakeObserver.last!.report(subject, true));
    const sortable = screen.getByTestId('canvas-field-subject');
    expect(sortable).toHaveAttribute('aria-describedby');
    act(() => FakeObserver.last!.report(sortable, false));
    expect(screen.getByTestId('canvas-field-subject')).not.toHaveAttribute('aria-describedby');

    const amount = screen.getByTestId('canvas-field-amount');
    act(() => amount.focus());
    const now = screen.getByTestId('canvas-field-amount');
    expect(now).toHaveAttribute('aria-describedby');
    expect(document.activeElement).toBe(now);
    // still a field: a click selects it
    fireEvent.click(now);
    expect(now).toHaveAttribute('data-selected', 'true');
  });
});
