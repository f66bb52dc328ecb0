import { describe, expect, it } from 'vitest';
import { TC } from '../../schemas';
import { renderField } from '../testing/render';
import { parseCoordinate } from './coordinates';

describe('91 地图 map (offline entry)', () => {
  it('types longitude, latitude and address in; MapValue out', async () => {
    const r = renderField(TC.MAP, { label: '门店位置', services: {} });
    await r.user.type(r.getByLabelText('经度'), '121.473701');
    await r.user.type(r.getByLabelText('纬度'), '31.230416');
    expect(r.value()).toEqual({ lng: 121.473701, lat: 31.230416 });
    await r.user.type(r.getByLabelText('地址'), '上海市黄浦区人民大道200号');
    expect(r.value()).toEqual({ lng: 121.473701, lat: 31.230416, address: '上海市黄浦区人民大道200号' });
    expect(r.getByText('地图不可用，请直接输入经纬度和地址')).toBeInTheDocument();
  });

  it('rejects out-of-range coordinates', async () => {
    const r = renderField(TC.MAP, { label: '门店位置', services: {} });
    await r.user.type(r.getByLabelText('经度'), '190');
    await r.user.type(r.getByLabelText('纬度'), '31');
    expect(r.value()).toBeUndefined();
    expect(r.getByTestId('map-problem')).toBeInTheDocument();
    expect(parseCoordinate('-90', 'lat')).toBe(-90);
    expect(parseCoordinate('91', 'lat')).toBeUndefined();
    expect(parseCoordinate('1.1234567', 'lng')).toBeUndefined();
  });

  it('shows the address and coordinates in the View', () => {
    const r = renderField(TC.MAP, { view: true, services: {}, value: { lng: 121.473701, lat: 31.230416, address: '上海市黄浦区人民大道200号' } });
    expect(r.getByText('上海市黄浦区人民大道200号（121.473701, 31.230416）')).toBeInTheDocument();
  });
});
