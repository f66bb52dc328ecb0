import type { Meta, StoryObj } from '@storybook/react-vite';
import { SUB_FORM_FIELD, SUB_FORM_ROWS, manyRows } from './fixtures';
import { TC } from '../../schemas';
import { WidgetStory, widgetArgTypes } from '../testing/WidgetStory';

const meta = {
  title: 'Field types/99997 子表单 Sub-form',
  component: WidgetStory,
  argTypes: widgetArgTypes,
  args: {
    code: TC.SUB_FORM,
    value: SUB_FORM_ROWS,
    label: '费用明细',
    field: SUB_FORM_FIELD,
  },
} satisfies Meta<typeof WidgetStory>;

/**
 * A phone's width (issue 17): below VIEWPORT.tabletMinPx (768) the rows are cards. The viewport
 * toolbar sizes the story's frame (the `phone360` option of .storybook/preview.tsx); the table
 * takes over again from the tablet width up.
 */
const phone = { globals: { viewport: { value: 'phone360', isRotated: false } } };
export default meta;
type Story = StoryObj<typeof meta>;

/** Editing a filled-in value. */
export const Edit: Story = {};
/** The same at 360 px: each row a card (fields stacked, copy/delete per card), the totals kept in view. */
export const EditPhone360: Story = { ...phone };
/** Read-only: the View of view and approve modes, formatted as the spec says. */
export const ReadOnly: Story = { args: { view: true } };
/** Read-only at 360 px: cards without actions, values wrap. */
export const ReadOnlyPhone360: Story = { ...phone, args: { view: true } };
/** Required, with the error a host passes after validation. */
export const RequiredWithError: Story = { args: { required: true, value: undefined, error: '请至少填写一行明细' } };
/** Empty. */
export const Empty: Story = { args: { value: undefined } };
/** 500 rows: virtualised, scrolling stays smooth. */
export const FiveHundredRows: Story = { args: { value: manyRows(500) } };
/** 500 rows at 360 px: virtualised cards. */
export const FiveHundredRowsPhone360: Story = { ...phone, args: { value: manyRows(500) } };
/** Errors from the host on cells, by record path. */
export const CellErrors: Story = {
  args: {
    errors: { 'subFormField.1.quantity': '数量不能超过库存 120', 'subFormField.2.product': '该单品已在第 1 行申请' },
  },
};
/** Cell errors at 360 px: on the card's fields. */
export const CellErrorsPhone360: Story = { ...phone, args: CellErrors.args };
