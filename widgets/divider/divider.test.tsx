import { describe, expect, it } from 'vitest';
import { TC } from '../../schemas';
import { renderField } from '../testing/render';

describe('99999 分割线 divider', () => {
  it('draws a section title in every mode, with no input', () => {
    for (const view of [false, true]) {
      const r = renderField(TC.DIVIDER, { label: '费用信息', view });
      expect(r.getByRole('heading', { name: '费用信息' })).toBeInTheDocument();
      expect(r.container.querySelector('input')).toBeNull();
      r.unmount();
    }
  });
});
