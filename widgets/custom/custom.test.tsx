import { describe, expect, it } from 'vitest';
import { TC } from '../../schemas';
import { renderField } from '../testing/render';
import { fixtureServices } from '../testing/fixtures';
import { EXAMPLE_CUSTOM_COMPONENTS } from './examples';

const services = { ...fixtureServices(), customComponents: EXAMPLE_CUSTOM_COMPONENTS };

describe('77 自定义组件 custom', () => {
  it('renders the component registered by name, value in and out', async () => {
    const r = renderField(TC.CUSTOM, { label: '满意度', field: { component: 'rating' }, services, value: 2 });
    const stars = r.container.querySelectorAll('.ant-rate-star > div');
    expect(stars.length).toBe(5);
    await r.user.click(stars[3]);
    expect(r.value()).toBe(4);
  });

  it('says clearly when the name is not registered', () => {
    const r = renderField(TC.CUSTOM, { label: '满意度', field: { component: 'vehicle-plate' }, services });
    expect(r.getByTestId('custom-missing')).toHaveTextContent('自定义组件“vehicle-plate”未注册');
  });

  it('renders the registered component read-only in the View', () => {
    const r = renderField(TC.CUSTOM, { view: true, field: { component: 'rating' }, services, value: 3 });
    expect(r.container.querySelectorAll('.ant-rate-star-full')).toHaveLength(3);
    expect(r.container.querySelector('.ant-rate-disabled')).not.toBeNull();
  });

  it('shows an unrenderable value as text in the View', () => {
    expect(
      renderField(TC.CUSTOM, { view: true, field: { component: 'nothing' }, value: { plate: '沪A12345' } }).getByText('{"plate":"沪A12345"}'),
    ).toBeInTheDocument();
  });
});
