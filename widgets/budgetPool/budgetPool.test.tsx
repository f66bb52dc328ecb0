import { describe, expect, it } from 'vitest';
import { TC } from '../../schemas';
import { describePicker } from '../testing/pickerSuite';
import { renderField } from '../testing/render';
import { FIXTURE_DATA, fixtureServices } from '../testing/fixtures';

describePicker(TC.BUDGET_POOL);

describe('68 预算池 remaining amount', () => {
  const pools = FIXTURE_DATA.yuSuanChi;
  it("shows the pool's remaining amount as an amount", async () => {
    const r = renderField(TC.BUDGET_POOL, { value: { id: pools[0].id, name: pools[0].name } });
    expect(await r.findByText('剩余金额：1,285,000.00')).toBeInTheDocument();
  });

  it('shows it in the View too, and a clear state without the service', async () => {
    const r = renderField(TC.BUDGET_POOL, { view: true, value: { id: pools[1].id, name: pools[1].name } });
    expect(await r.findByText('剩余金额：36,820.50')).toBeInTheDocument();
    const s = renderField(TC.BUDGET_POOL, { value: { id: pools[0].id, name: pools[0].name }, services: { ...fixtureServices(), budgetRemaining: undefined } });
    expect(s.getByText('无法查询剩余金额')).toBeInTheDocument();
  });
});
