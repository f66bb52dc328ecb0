import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// jsdom has no 2D canvas: a stand-in for signature_pad that records strokes the way the library
// reports them (endStroke after a stroke, isEmpty, clear, toDataURL). What the component does
// with them — enable confirm, give a PNG data URL, clear — is what is tested.
const pads: FakePad[] = [];
class FakePad {
  strokes = 0;
  listeners = new Map<string, Set<() => void>>();
  constructor(public canvas: HTMLCanvasElement) {
    pads.push(this);
  }
  addEventListener(type: string, fn: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(fn);
  }
  removeEventListener(type: string, fn: () => void) {
    this.listeners.get(type)?.delete(fn);
  }
  off() {}
  isEmpty() {
    return this.strokes === 0;
  }
  clear() {
    this.strokes = 0;
  }
  toDataURL(type: string) {
    return `data:${type};base64,U0lHTkVE`;
  }
  draw() {
    this.strokes += 1;
    for (const fn of this.listeners.get('endStroke') ?? []) fn();
  }
}
vi.mock('signature_pad', () => ({ default: FakePad }));

const { SignaturePad } = await import('./SignaturePad');

function Host({ onChange }: { onChange: (v: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <SignaturePad
      locale="zh-CN"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
      required
    />
  );
}

describe('SignaturePad', () => {
  let getContext: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    pads.length = 0;
    getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ({ scale: () => {} })) as never);
  });
  afterEach(() => getContext.mockRestore());

  it('draw → confirm gives a PNG data URL and shows it; redo clears it', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Host onChange={onChange} />);
    const canvas = screen.getByTestId('signature-canvas');
    expect(canvas).toHaveAccessibleName(/签名区域/);
    expect(canvas).toHaveAttribute('aria-required', 'true');
    expect(screen.getByTestId('signature-confirm')).toBeDisabled();
    expect(screen.getByTestId('signature-clear')).toBeDisabled();
    act(() => pads.at(-1)!.draw());
    expect(screen.getByTestId('signature-confirm')).toBeEnabled();
    await user.click(screen.getByTestId('signature-confirm'));
    expect(onChange).toHaveBeenLastCalledWith(expect.stringMatching(/^data:image\/png;base64,/));
    expect(screen.getByTestId('signature-preview')).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/));
    expect(screen.queryByTestId('signature-canvas')).toBeNull();
    await user.click(screen.getByTestId('signature-redo'));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByTestId('signature-canvas')).toBeInTheDocument();
    expect(screen.getByTestId('signature-confirm')).toBeDisabled();
  });

  it('clear wipes the drawing: nothing to confirm', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Host onChange={onChange} />);
    act(() => pads.at(-1)!.draw());
    await user.click(screen.getByTestId('signature-clear'));
    expect(pads.at(-1)!.isEmpty()).toBe(true);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByTestId('signature-confirm')).toBeDisabled();
  });

  it('an error is announced', () => {
    render(<SignaturePad locale="zh-CN" value={null} onChange={() => {}} error="请手写签名并点击“确认签名”" />);
    expect(screen.getByRole('alert')).toHaveTextContent('请手写签名');
    expect(screen.getByTestId('signature-canvas')).toHaveAttribute('aria-invalid', 'true');
  });

  it('without a 2D context the pad is unavailable, never a crash', () => {
    getContext.mockImplementation((() => null) as never);
    render(<SignaturePad locale="zh-CN" value={null} onChange={() => {}} />);
    expect(pads).toHaveLength(0);
    expect(screen.getByTestId('signature-confirm')).toBeDisabled();
  });
});
