import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Row } from 'antd';
import { TC } from '../schemas';
import { FieldShell } from './FieldShell';

const field = { key: 'amount', type: TC.DECIMAL, label: { 'zh-CN': '申请金额', 'en-US': 'Amount' }, help: { 'zh-CN': '含税金额' }, width: 12 as const };

describe('FieldShell', () => {
  it('labels the input, shows the red asterisk when required, help and the error slot', () => {
    const r = render(
      <Row>
        <FieldShell id="amt" field={field} locale="zh-CN" required error="请填写申请金额">
          <input id="amt" />
        </FieldShell>
      </Row>,
    );
    expect(r.getByLabelText('*申请金额')).toHaveAttribute('id', 'amt');
    const star = r.getByTestId('required-asterisk');
    expect(star).toHaveAttribute('aria-hidden', 'true');
    expect(star.style.color).toBe('rgb(207, 19, 34)');
    expect(r.getByText('含税金额')).toHaveAttribute('id', 'amt-help');
    expect(r.getByRole('alert')).toHaveAttribute('id', 'amt-error');
    expect(r.getByTestId('field-amount').className).toContain('ant-col-12');
  });

  it('uses the locale of the label and omits the asterisk when optional', () => {
    const r = render(
      <Row>
        <FieldShell id="amt" field={{ ...field, width: 24 }} locale="en-US">
          <input id="amt" />
        </FieldShell>
      </Row>,
    );
    expect(r.getByLabelText('Amount')).toBeInTheDocument();
    expect(r.queryByTestId('required-asterisk')).toBeNull();
    expect(r.getByTestId('field-amount').className).toContain('ant-col-24');
  });

  it('in a CSS grid: a plain element spanning its width, same label and error', () => {
    const r = render(
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(24, minmax(0, 1fr))' }}>
        <FieldShell id="amt" field={field} locale="zh-CN" required error="请填写申请金额" grid="css">
          <input id="amt" />
        </FieldShell>
      </div>,
    );
    const shell = r.getByTestId('field-amount');
    expect(shell.className).not.toContain('ant-col');
    expect(shell.style.gridColumn).toBe('span 12');
    expect(r.getByLabelText('*申请金额')).toHaveAttribute('id', 'amt');
    expect(r.getByRole('alert')).toHaveAttribute('id', 'amt-error');
  });
});
