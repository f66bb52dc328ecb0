// The widget registry: one entry per type code (schemas/typeCodes.ts). It `satisfies
// Record<TypeCode, WidgetDefinition>`, so a code without a widget fails the build.
// Each meta also says how a form lays the type out and how tall its stand-in is; hosts (the
// form renderer, the designer canvas, the interop theme) read that here rather than switch on codes.
import type { ComponentType } from 'react';
import { TC, TYPE_CODES, isTypeCode, type TypeCode } from '../schemas';
import type { ViewProps, WidgetDefinition, WidgetMeta, WidgetProps } from './types';
import type { CellHost } from './form/cells';
import { meta as textMeta } from './text/meta';
import { Widget as textWidget } from './text/Widget';
import { View as textView } from './text/View';
import { meta as textareaMeta } from './textarea/meta';
import { Widget as textareaWidget } from './textarea/Widget';
import { View as textareaView } from './textarea/View';
import { meta as selectMeta } from './select/meta';
import { Widget as selectWidget } from './select/Widget';
import { View as selectView } from './select/View';
import { meta as departmentMeta } from './department/meta';
import { Widget as departmentWidget } from './department/Widget';
import { View as departmentView } from './department/View';
import { meta as integerMeta } from './integer/meta';
import { Widget as integerWidget } from './integer/Widget';
import { View as integerView } from './integer/View';
import { meta as decimalMeta } from './decimal/meta';
import { Widget as decimalWidget } from './decimal/Widget';
import { View as decimalView } from './decimal/View';
import { meta as radioMeta } from './radio/meta';
import { Widget as radioWidget } from './radio/Widget';
import { View as radioView } from './radio/View';
import { meta as attachmentMeta } from './attachment/meta';
import { Widget as attachmentWidget } from './attachment/Widget';
import { View as attachmentView } from './attachment/View';
import { meta as fiscalYearMeta } from './fiscalYear/meta';
import { Widget as fiscalYearWidget } from './fiscalYear/Widget';
import { View as fiscalYearView } from './fiscalYear/View';
import { meta as roleMeta } from './role/meta';
import { Widget as roleWidget } from './role/Widget';
import { View as roleView } from './role/View';
import { meta as potentialCustomerMeta } from './potentialCustomer/meta';
import { Widget as potentialCustomerWidget } from './potentialCustomer/Widget';
import { View as potentialCustomerView } from './potentialCustomer/View';
import { meta as taskMeta } from './task/meta';
import { Widget as taskWidget } from './task/Widget';
import { View as taskView } from './task/View';
import { meta as richTextMeta } from './richText/meta';
import { Widget as richTextWidget } from './richText/Widget';
import { View as richTextView } from './richText/View';
import { meta as budgetPoolMeta } from './budgetPool/meta';
import { Widget as budgetPoolWidget } from './budgetPool/Widget';
import { View as budgetPoolView } from './budgetPool/View';
import { meta as specialActivityMeta } from './specialActivity/meta';
import { Widget as specialActivityWidget } from './specialActivity/Widget';
import { View as specialActivityView } from './specialActivity/View';
import { meta as customMeta } from './custom/meta';
import { Widget as customWidget } from './custom/Widget';
import { View as customView } from './custom/View';
import { meta as dateMeta } from './date/meta';
import { Widget as dateWidget } from './date/Widget';
import { View as dateView } from './date/View';
import { meta as employeeMeta } from './employee/meta';
import { Widget as employeeWidget } from './employee/Widget';
import { View as employeeView } from './employee/View';
import { meta as dealerUserMeta } from './dealerUser/meta';
import { Widget as dealerUserWidget } from './dealerUser/Widget';
import { View as dealerUserView } from './dealerUser/View';
import { meta as tierMeta } from './tier/meta';
import { Widget as tierWidget } from './tier/Widget';
import { View as tierView } from './tier/View';
import { meta as businessSectorMeta } from './businessSector/meta';
import { Widget as businessSectorWidget } from './businessSector/Widget';
import { View as businessSectorView } from './businessSector/View';
import { meta as codeMeta } from './code/meta';
import { Widget as codeWidget } from './code/Widget';
import { View as codeView } from './code/View';
import { meta as imageMeta } from './image/meta';
import { Widget as imageWidget } from './image/Widget';
import { View as imageView } from './image/View';
import { meta as subFormMeta } from './subForm/meta';
import { Widget as subFormWidget } from './subForm/Widget';
import { View as subFormView } from './subForm/View';
import { meta as dividerMeta } from './divider/meta';
import { Widget as dividerWidget } from './divider/Widget';
import { View as dividerView } from './divider/View';
import { meta as dealerMeta } from './dealer/meta';
import { Widget as dealerWidget } from './dealer/Widget';
import { View as dealerView } from './dealer/View';
import { meta as chainSystemMeta } from './chainSystem/meta';
import { Widget as chainSystemWidget } from './chainSystem/Widget';
import { View as chainSystemView } from './chainSystem/View';
import { meta as outletMeta } from './outlet/meta';
import { Widget as outletWidget } from './outlet/Widget';
import { View as outletView } from './outlet/View';
import { meta as soldToPartyMeta } from './soldToParty/meta';
import { Widget as soldToPartyWidget } from './soldToParty/Widget';
import { View as soldToPartyView } from './soldToParty/View';
import { meta as expenseSubjectMeta } from './expenseSubject/meta';
import { Widget as expenseSubjectWidget } from './expenseSubject/Widget';
import { View as expenseSubjectView } from './expenseSubject/View';
import { meta as paymentMethodMeta } from './paymentMethod/meta';
import { Widget as paymentMethodWidget } from './paymentMethod/Widget';
import { View as paymentMethodView } from './paymentMethod/View';
import { meta as organizationMeta } from './organization/meta';
import { Widget as organizationWidget } from './organization/Widget';
import { View as organizationView } from './organization/View';
import { meta as supplierMeta } from './supplier/meta';
import { Widget as supplierWidget } from './supplier/Widget';
import { View as supplierView } from './supplier/View';
import { meta as brandMeta } from './brand/meta';
import { Widget as brandWidget } from './brand/Widget';
import { View as brandView } from './brand/View';
import { meta as categoryMeta } from './category/meta';
import { Widget as categoryWidget } from './category/Widget';
import { View as categoryView } from './category/View';
import { meta as seriesMeta } from './series/meta';
import { Widget as seriesWidget } from './series/Widget';
import { View as seriesView } from './series/View';
import { meta as skuMeta } from './sku/meta';
import { Widget as skuWidget } from './sku/Widget';
import { View as skuView } from './sku/View';
import { meta as productMeta } from './product/meta';
import { Widget as productWidget } from './product/Widget';
import { View as productView } from './product/View';
import { meta as salesMaterialMeta } from './salesMaterial/meta';
import { Widget as salesMaterialWidget } from './salesMaterial/Widget';
import { View as salesMaterialView } from './salesMaterial/View';
import { meta as channel1Meta } from './channel1/meta';
import { Widget as channel1Widget } from './channel1/Widget';
import { View as channel1View } from './channel1/View';
import { meta as channel2Meta } from './channel2/meta';
import { Widget as channel2Widget } from './channel2/Widget';
import { View as channel2View } from './channel2/View';
import { meta as costCenterMeta } from './costCenter/meta';
import { Widget as costCenterWidget } from './costCenter/Widget';
import { View as costCenterView } from './costCenter/View';
import { meta as mapMeta } from './map/meta';
import { Widget as mapWidget } from './map/Widget';
import { View as mapView } from './map/View';

/** One entry; the widget and the view must agree on the value type V. */
function entry<V>(meta: WidgetMeta, Widget: ComponentType<WidgetProps<V>>, View: ComponentType<ViewProps<V>>): WidgetDefinition {
  return { meta, Widget: Widget as unknown as WidgetDefinition['Widget'], View: View as unknown as WidgetDefinition['View'] };
}

export const widgetRegistry = {
  [TC.TEXT]: entry(textMeta, textWidget, textView),
  [TC.TEXTAREA]: entry(textareaMeta, textareaWidget, textareaView),
  [TC.SELECT]: entry(selectMeta, selectWidget, selectView),
  [TC.DEPARTMENT]: entry(departmentMeta, departmentWidget, departmentView),
  [TC.INTEGER]: entry(integerMeta, integerWidget, integerView),
  [TC.DECIMAL]: entry(decimalMeta, decimalWidget, decimalView),
  [TC.RADIO]: entry(radioMeta, radioWidget, radioView),
  [TC.ATTACHMENT]: entry(attachmentMeta, attachmentWidget, attachmentView),
  [TC.FISCAL_YEAR]: entry(fiscalYearMeta, fiscalYearWidget, fiscalYearView),
  [TC.ROLE]: entry(roleMeta, roleWidget, roleView),
  [TC.POTENTIAL_CUSTOMER]: entry(potentialCustomerMeta, potentialCustomerWidget, potentialCustomerView),
  [TC.TASK]: entry(taskMeta, taskWidget, taskView),
  [TC.RICH_TEXT]: entry(richTextMeta, richTextWidget, richTextView),
  [TC.BUDGET_POOL]: entry(budgetPoolMeta, budgetPoolWidget, budgetPoolView),
  [TC.SPECIAL_ACTIVITY]: entry(specialActivityMeta, specialActivityWidget, specialActivityView),
  [TC.CUSTOM]: entry(customMeta, customWidget, customView),
  [TC.DATE]: entry(dateMeta, dateWidget, dateView),
  [TC.EMPLOYEE]: entry(employeeMeta, employeeWidget, employeeView),
  [TC.DEALER_USER]: entry(dealerUserMeta, dealerUserWidget, dealerUserView),
  [TC.TIER]: entry(tierMeta, tierWidget, tierView),
  [TC.BUSINESS_SECTOR]: entry(businessSectorMeta, businessSectorWidget, businessSectorView),
  [TC.CODE]: entry(codeMeta, codeWidget, codeView),
  [TC.IMAGE]: entry(imageMeta, imageWidget, imageView),
  [TC.SUB_FORM]: entry(subFormMeta, subFormWidget, subFormView),
  [TC.DIVIDER]: entry(dividerMeta, dividerWidget, dividerView),
  [TC.DEALER]: entry(dealerMeta, dealerWidget, dealerView),
  [TC.CHAIN_SYSTEM]: entry(chainSystemMeta, chainSystemWidget, chainSystemView),
  [TC.OUTLET]: entry(outletMeta, outletWidget, outletView),
  [TC.SOLD_TO_PARTY]: entry(soldToPartyMeta, soldToPartyWidget, soldToPartyView),
  [TC.EXPENSE_SUBJECT]: entry(expenseSubjectMeta, expenseSubjectWidget, expenseSubjectView),
  [TC.PAYMENT_METHOD]: entry(paymentMethodMeta, paymentMethodWidget, paymentMethodView),
  [TC.ORGANIZATION]: entry(organizationMeta, organizationWidget, organizationView),
  [TC.SUPPLIER]: entry(supplierMeta, supplierWidget, supplierView),
  [TC.BRAND]: entry(brandMeta, brandWidget, brandView),
  [TC.CATEGORY]: entry(categoryMeta, categoryWidget, categoryView),
  [TC.SERIES]: entry(seriesMeta, seriesWidget, seriesView),
  [TC.SKU]: entry(skuMeta, skuWidget, skuView),
  [TC.PRODUCT]: entry(productMeta, productWidget, productView),
  [TC.SALES_MATERIAL]: entry(salesMaterialMeta, salesMaterialWidget, salesMaterialView),
  [TC.CHANNEL_1]: entry(channel1Meta, channel1Widget, channel1View),
  [TC.CHANNEL_2]: entry(channel2Meta, channel2Widget, channel2View),
  [TC.COST_CENTER]: entry(costCenterMeta, costCenterWidget, costCenterView),
  [TC.MAP]: entry(mapMeta, mapWidget, mapView),
} satisfies Record<TypeCode, WidgetDefinition>;

/** The widget of a type code (undefined for a code the registry does not know). */
export function getWidget(code: TypeCode): WidgetDefinition;
export function getWidget(code: number): WidgetDefinition | undefined;
export function getWidget(code: number): WidgetDefinition | undefined {
  return isTypeCode(code) ? widgetRegistry[code] : undefined;
}

/** Every registry entry, in the order of the spec's two lists. */
export function allWidgets(): WidgetDefinition[] {
  return TYPE_CODES.map((c) => widgetRegistry[c]);
}

/** The widget and view of a code, typed for hosts that pass values they do not know the type of. */
export function widgetComponents(code: number): { Widget: ComponentType<WidgetProps<unknown>>; View: ComponentType<ViewProps<unknown>> } | undefined {
  // the entry itself, typed for unknown values (no object per call: detail cells ask on every render)
  return getWidget(code) as unknown as { Widget: ComponentType<WidgetProps<unknown>>; View: ComponentType<ViewProps<unknown>> } | undefined;
}

/** The registry as a detail table's cell host (form/cells.ts). */
export const registryCells: CellHost = { widgetOf: widgetComponents };
