import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORM_MODES, TC } from '../../schemas';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { DefinitionForm, FIRST_FIELDS, MORE_FIELDS, type SavePayload } from './DefinitionForm';
import { MOUNTS_PER_COMMIT } from '../../widgets/form/lazy';
import { expenseDefinition } from '../engine/fixtures/expense';
import type { FormModel } from '../engine';

const slow = { timeout: 20_000 };
const user = { id: '1000000000000000001', name: '张三', departmentName: '市场部', mobile: '13800000000' };

function type(label: RegExp | string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  return input;
}

describe('DefinitionForm', () => {
  it('mode 0: header, sections, red asterisks, detail table with totals, submit payload', { timeout: 60_000 }, async () => {
    const onSubmit = vi.fn<(p: SavePayload) => Promise<void>>(async () => {});
    const onDirty = vi.fn();
    render(<DefinitionForm definition={expenseDefinition()} mode={FORM_MODES.ADD} user={user} onSubmit={onSubmit} onDirtyChange={onDirty} />);
    expect(screen.getByTestId('sys-number')).toHaveTextContent('自动生成');
    expect(screen.getByTestId('sys-rowCreateId')).toHaveTextContent('张三');
    expect(screen.getByTestId('section-basic')).toHaveTextContent('基本信息');
    expect(within(screen.getByTestId('field-subject')).getByTestId('required-asterisk')).toBeInTheDocument();
    expect(screen.queryByTestId('field-approverNote')).toBeNull();
    expect(screen.queryByTestId('field-eventName')).toBeNull();

    // submit with nothing typed: errors on the fields, nothing sent
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(screen.getByTestId('error-subject')).toBeInTheDocument(), slow);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByTestId('form-errors')).toHaveTextContent('请修正');

    type(/申请事由/, '上海客户拜访');
    expect(screen.queryByTestId('error-subject')).toBeNull();
    expect(onDirty).toHaveBeenLastCalledWith(true);
    fireEvent.click(screen.getByTestId('add-row-detail'));
    type('项目 1', '交通');
    type('数量 1', '2');
    type('单价 1', '0.15');
    await waitFor(() => expect(screen.getByTestId('cell-detail.0.amount')).toHaveTextContent('0.30'), slow);
    expect(screen.getByTestId('total-detail.amount')).toHaveTextContent('0.30');

    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1), slow);
    const p = onSubmit.mock.calls[0][0];
    expect(p).toMatchObject({
      formCode: 'testExpense',
      submit: true,
      data: { subject: '上海客户拜访', total: '0.30', detail: [{ item: '交通', qty: '2', price: '0.15', amount: '0.30' }] },
    });
    await waitFor(() => expect(screen.getByTestId('form-notice')).toHaveTextContent('提交成功'), slow);
    expect(onDirty).toHaveBeenLastCalledWith(false);
  });

  it('a linkage rule shows a field while typing', () => {
    let model: FormModel | null = null;
    render(<DefinitionForm definition={expenseDefinition()} mode={FORM_MODES.ADD} user={user} onSubmit={() => {}} onModel={(m) => (model = m)} />);
    expect(screen.queryByTestId('field-eventName')).toBeNull();
    model!.setValue('category', 'event');
    return waitFor(() => expect(within(screen.getByTestId('field-eventName')).getByTestId('required-asterisk')).toBeInTheDocument(), slow);
  });

  it('places a 422 from the server on the fields and keeps what was typed', async () => {
    const onSubmit = vi.fn(async () => {
      throw Object.assign(new Error('校验失败'), { code: 422, errors: [{ field: 'subject', message: '申请事由重复' }] });
    });
    render(<DefinitionForm definition={expenseDefinition()} mode={FORM_MODES.ADD} user={user} onSubmit={onSubmit} />);
    type(/申请事由/, '拜访');
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(screen.getByTestId('error-subject')).toHaveTextContent('申请事由重复'), slow);
    expect(screen.getByLabelText(/申请事由/)).toHaveValue('拜访');
  });

  it('a draft saves without required fields', async () => {
    const onSaveDraft = vi.fn(async () => {});
    render(<DefinitionForm definition={expenseDefinition()} mode={FORM_MODES.ADD} user={user} onSubmit={() => {}} onSaveDraft={onSaveDraft} />);
    fireEvent.click(screen.getByTestId('save-draft'));
    await waitFor(() => expect(onSaveDraft).toHaveBeenCalledWith(expect.objectContaining({ submit: false })), slow);
  });

  it('mode 2: views only, print view with the watermark', async () => {
    const record = {
      id: '1000000000000000100',
      number: 'FW202611220001',
      version: 3,
      rowCreateName: '李四',
      data: { subject: '拜访', detail: [{ _id: '1000000000000000200', item: '交通', qty: '1', price: '5.00', amount: '5.00' }], total: '5.00' },
    };
    render(<DefinitionForm definition={expenseDefinition()} mode={FORM_MODES.VIEW} record={record} user={user} onSubmit={() => {}} onCancel={() => {}} />);
    expect(screen.queryByTestId('submit')).toBeNull();
    expect(screen.queryByLabelText(/申请事由/)).toBeNull();
    expect(screen.getByTestId('field-subject')).toHaveTextContent('拜访');
    expect(screen.getByTestId('sys-number')).toHaveTextContent('FW202611220001');
    expect(screen.getByTestId('cancel')).toHaveTextContent(/返\s?回/);
    fireEvent.click(screen.getByTestId('print'));
    const view = await screen.findByTestId('print-view');
    expect(view.dataset.watermark).toMatch(/^张三 13800000000 \d{8}$/);
  });

  it('a long form: every field (once its transitions are in), edit widgets near the screen; scrolling or focus mounts the rest', async () => {
    // jsdom has no layout and no IntersectionObserver: each field's box sits at 80 px × its index
    // and the observer is driven by hand
    const observed = new Map<Element, IntersectionObserverCallback>();
    class FakeObserver {
      constructor(private cb: IntersectionObserverCallback) {}
      observe(el: Element) {
        observed.set(el, this.cb);
      }
      unobserve(el: Element) {
        observed.delete(el);
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const i = Number(this.id.replace(/^fw-f/, ''));
      const top = Number.isFinite(i) ? i * 80 : 0;
      return { top, bottom: top + 32, left: 0, right: 100, width: 100, height: 32, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
    });
    try {
      const def = {
        ...expenseDefinition(),
        rules: [],
        formulas: [],
        permissions: undefined,
        fields: Array.from({ length: 100 }, (_, i) => ({ key: `f${i}`, type: 0, label: { 'zh-CN': `字段${i}` }, width: 12 as const })),
      };
      const record = { id: '1000000000000000001', number: 'N1', data: { f90: '已填' } };
      const { container } = render(<DefinitionForm definition={def} mode={FORM_MODES.MODIFY} record={record} user={user} onSubmit={() => {}} />);
      expect(container.querySelectorAll('.fw-form-body > .fw-field')).toHaveLength(100);
      expect(container.querySelector('.fw-form-body')?.getAttribute('data-complete')).toBe('true');
      // in view (window 768 px + 600 px margin): real inputs right after, a few per commit
      await waitFor(() => expect(screen.getByLabelText('字段17').tagName).toBe('INPUT'));
      expect(screen.getByLabelText('字段0').tagName).toBe('INPUT');
      // away from the screen: a stand-in with the value, labelled the same
      expect(screen.getByTestId('pending-fw-f90')).toHaveTextContent('已填');
      expect(screen.getByLabelText('字段90').tagName).toBe('DIV');
      // scrolling near it mounts the widget
      const el = screen.getByTestId('pending-fw-f50');
      act(() => observed.get(el)!([{ target: el, isIntersecting: true } as unknown as IntersectionObserverEntry], {} as IntersectionObserver));
      await waitFor(() => expect(screen.getByLabelText('字段50').tagName).toBe('INPUT'));
      // focusing a stand-in (Tab, a label, the first error) mounts it and moves the focus into it
      act(() => screen.getByTestId('pending-fw-f90').focus());
      await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('字段90')));
      expect(screen.getByLabelText('字段90')).toHaveValue('已填');
    } finally {
      rect.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it(
    'a long form: built after the page render, its first screenful in one commit, the other fields in transitions (no 100-field render in one task)',
    slow,
    async () => {
      // outside act: what the first synchronous render holds, and what follows between frames
      const g = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
      const prev = g.IS_REACT_ACT_ENVIRONMENT;
      g.IS_REACT_ACT_ENVIRONMENT = false;
      const host = document.body.appendChild(document.createElement('div'));
      const root = createRoot(host);
      // each field's box at 80 px × its index; an observer that never reports (nothing scrolls)
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          observe() {}
          unobserve() {}
          disconnect() {}
        },
      );
      const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
        const i = Number(this.id.replace(/^fw-f/, ''));
        const top = Number.isFinite(i) ? i * 80 : 0;
        return { top, bottom: top + 32, left: 0, right: 100, width: 100, height: 32, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
      });
      try {
        const def = {
          ...expenseDefinition(),
          rules: [],
          formulas: [],
          permissions: undefined,
          fields: Array.from({ length: 100 }, (_, i) => ({ key: `f${i}`, type: 0, label: { 'zh-CN': `字段${i}` }, width: 12 as const })),
        };
        const fields = () => host.querySelectorAll('.fw-form-body > .fw-field').length;
        // what each commit leaves in the DOM: the field count, and whether field 0 is a real input yet
        const seen: { fields: number; inputs: number; input0?: string; input12?: string }[] = [];
        const record = new MutationObserver(() =>
          seen.push({
            fields: fields(),
            inputs: host.querySelectorAll('.fw-form-body input').length,
            input0: host.querySelector('#fw-f0')?.tagName,
            input12: host.querySelector('#fw-f12')?.tagName,
          }),
        );
        record.observe(host, { childList: true, subtree: true });
        flushSync(() => root.render(<DefinitionForm definition={def} mode={FORM_MODES.ADD} user={user} onSubmit={() => {}} />));
        // the page's first render does not wait for the form: it is built right after, in a transition
        expect(host.querySelector('[data-testid="definition-form-pending"]')).not.toBeNull();
        expect(fields()).toBe(0);
        await waitFor(() => expect(fields()).toBe(100));
        record.disconnect();
        // the first screenful in one commit, as stand-ins of the widgets' size (nothing visible
        // moves); the widgets on the screen and near it (768 px + 600 px margin) mount right after,
        // the ones on the screen first, a few per commit (a slow phone's main thread is not held)
        const first = seen.find((x) => x.fields > 0)!;
        expect(first).toEqual({ fields: FIRST_FIELDS, inputs: 0, input0: 'DIV', input12: 'DIV' });
        const steps = seen.slice(1).map((x, i) => x.inputs - seen[i].inputs);
        expect(Math.max(...steps)).toBeLessThanOrEqual(MOUNTS_PER_COMMIT);
        const firstInputs = seen.findIndex((x) => x.inputs > 0);
        expect(seen[firstInputs].input0).toBe('INPUT');
        // the other fields joined MORE_FIELDS at a time, in their own commits
        const counts = [...new Set(seen.map((x) => x.fields))];
        expect(counts).toEqual([
          0,
          ...Array.from({ length: Math.ceil((100 - FIRST_FIELDS) / MORE_FIELDS) + 1 }, (_, i) => Math.min(100, FIRST_FIELDS + i * MORE_FIELDS)),
        ]);
        // in view (768 px + 600 px margin): real inputs; away from the screen: stand-ins
        await waitFor(() => expect(host.querySelector('#fw-f17')?.tagName).toBe('INPUT'));
        expect(host.querySelector('#fw-f0')?.tagName).toBe('INPUT');
        expect(host.querySelector('#fw-f90')?.tagName).toBe('DIV');
        expect(host.querySelector('.fw-form-body')?.getAttribute('data-complete')).toBe('true');
        // in order, each field once
        expect([...host.querySelectorAll('.fw-form-body > .fw-field')].map((e) => e.getAttribute('data-testid'))).toEqual(
          Array.from({ length: 100 }, (_, i) => `field-f${i}`),
        );
      } finally {
        root.unmount();
        host.remove();
        g.IS_REACT_ACT_ENVIRONMENT = prev;
        rect.mockRestore();
        vi.unstubAllGlobals();
      }
    },
  );
  it('mode 4: the return reason and the approval history (its timeline loads with it)', async () => {
    const record = {
      id: '1000000000000000001',
      number: 'N1',
      data: {},
      returnReason: '金额有误',
      history: [{ at: '2026-11-20 10:00', nodeName: '部门审批', approver: '李四', action: '退回', comment: '请核对' }],
    };
    render(<DefinitionForm definition={expenseDefinition()} mode={FORM_MODES.MODIFY_ON_RETURN} record={record} user={user} onSubmit={() => {}} />);
    expect(within(screen.getByTestId('return-info')).getByText('金额有误')).toBeInTheDocument();
    expect(await within(screen.getByTestId('return-info')).findByText('2026-11-20 10:00 · 部门审批 · 李四 · 退回 · 请核对')).toBeInTheDocument();
  });
  it('a short form mounts every widget at once', () => {
    render(<DefinitionForm definition={expenseDefinition()} mode={FORM_MODES.ADD} user={user} onSubmit={() => {}} />);
    expect(document.querySelector('.fw-pending-control')).toBeNull();
  });

  it('Enter in a field (a date range, a text, a detail cell) does not submit; the submit button does', { timeout: 60_000 }, async () => {
    const u = userEvent.setup();
    const onSubmit = vi.fn();
    const def = {
      ...expenseDefinition(),
      rules: [],
      formulas: [],
      permissions: undefined,
      fields: [
        { key: 'period', type: TC.DATE, range: true, label: { 'zh-CN': '活动期间' } },
        { key: 'note', type: TC.TEXT, label: { 'zh-CN': '说明' } },
        { key: 'detail', type: TC.SUB_FORM, label: { 'zh-CN': '明细' }, fields: [{ key: 'item', type: TC.TEXT, label: { 'zh-CN': '项目' } }] },
      ],
    };
    render(<DefinitionForm definition={def} mode={FORM_MODES.ADD} user={user} onSubmit={onSubmit} />);
    const start = document.getElementById('fw-period') as HTMLInputElement;
    await u.click(start);
    await u.keyboard('2026-11-01{Enter}');
    await u.click(screen.getByLabelText('说明'));
    await u.keyboard('拜访{Enter}');
    fireEvent.click(screen.getByTestId('add-row-detail'));
    await u.click(screen.getByLabelText('项目 1'));
    await u.keyboard('交通{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('说明')).toHaveValue('拜访');
    await u.click(screen.getByTestId('submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1), slow);
  });

  it('a definition the engine refuses shows an error instead of crashing', () => {
    const def = { ...expenseDefinition(), rules: [{ id: 'x', when: { log: 1 }, then: [{ action: 'hide' as const, target: 'remark' }] }] };
    render(<DefinitionForm definition={def} mode={FORM_MODES.ADD} user={user} onSubmit={() => {}} />);
    expect(screen.getByTestId('definition-error')).toHaveTextContent('表单定义有误');
  });

  it('a saved application without a number shows 未获取到申请单编号', () => {
    render(
      <DefinitionForm definition={expenseDefinition()} mode={FORM_MODES.VIEW} record={{ id: '1', number: null, data: {} }} user={user} onSubmit={() => {}} />,
    );
    expect(screen.getByText('未获取到申请单编号')).toBeInTheDocument();
    expect(screen.queryByTestId('definition-form')).toBeNull();
  });

  it("mode 3: the approval slot, and only the node's fields are inputs", () => {
    const record = {
      id: '1',
      number: 'FW1',
      shenPiZhuangTai: '1',
      data: { subject: '拜访', detail: [{ item: 'x', qty: '1', price: '1.00', amount: '1.00' }] },
    };
    render(
      <DefinitionForm
        definition={expenseDefinition()}
        mode={FORM_MODES.APPROVE}
        node={{ id: 'finance', name: '财务审批' }}
        record={record}
        user={user}
        onSubmit={() => {}}
        approvalActions={(ctx) => <button onClick={() => ctx.validate()}>同意</button>}
      />,
    );
    expect(screen.getByTestId('approval-actions')).toHaveTextContent('同意');
    expect(screen.getByTestId('sys-stateName')).toHaveTextContent('财务审批');
    expect(screen.queryByLabelText(/申请事由/)).toBeNull();
    expect(screen.getByLabelText(/审批意见/)).toBeInTheDocument();
    expect(screen.getByLabelText('核定金额 1')).toBeInTheDocument();
    expect(screen.queryByTestId('add-row-detail')).toBeNull();
    fireEvent.click(screen.getByText('同意'));
    return waitFor(() => expect(screen.getByTestId('error-approverNote')).toBeInTheDocument(), slow);
  });
});
