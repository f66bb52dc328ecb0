// The contract between widgets and whoever draws them (runtime form, designer, Storybook).
import type { ComponentType } from 'react';
import type { CodeName, FieldDefinition, FileRef, Locale, PickerValue, TypeCode, TypeId } from '../schemas';

/**
 * A row of master data. Tree sources (department 7) also say where the row hangs and whether
 * it has children; a tree picker asks for one level with `params.parentId` ('' for the roots).
 */
export type PickerRow = PickerValue & { parentId?: string; isLeaf?: boolean };

/** One page of master data for a picker (the autocomplete endpoints of spec §7 in the app). */
export interface PickerPage {
  rows: PickerRow[];
  totalRecord: number;
}
export interface PickerQuery {
  endpoint: string;
  params?: Record<string, string>;
  keyword: string;
  page: number;
  pageSize: number;
}

/**
 * Services a widget may need, injected by the host (the app passes the API client; stories
 * pass fixtures). Every member is optional: a widget without its service shows a clear
 * "not available" state instead of failing.
 */
export interface WidgetServices {
  search?: (query: PickerQuery) => Promise<PickerPage>;
  upload?: (file: File, onProgress: (percent: number) => void) => Promise<FileRef>;
  /**
   * a plain URL for a file (stories, public files). Hosts whose downloads need the session's
   * headers pass `fetchFile` instead, so no token ever ends up in a URL.
   */
  downloadUrl?: (file: FileRef) => string;
  /** the file's content, fetched with the session (download, image thumbnails and preview) */
  fetchFile?: (file: FileRef) => Promise<Blob>;
  deleteFile?: (file: FileRef) => Promise<void>;
  /** remaining amount of a budget pool (68), a decimal string */
  budgetRemaining?: (poolId: string) => Promise<string>;
  /** custom component (77) implementations, by registered name */
  customComponents?: Record<string, ComponentType<WidgetProps>>;
  /** map (91) tile URL template; absent → coordinate/address entry only */
  mapTileUrl?: string;
}

export interface WidgetProps<V = unknown> {
  /** DOM id of the input, for the label's htmlFor */
  id: string;
  field: FieldDefinition;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  onBlur?: () => void;
  disabled?: boolean;
  readOnly?: boolean;
  required?: boolean;
  /** the field's error, already in the user's language */
  error?: string;
  /**
   * errors of nested values, already in the user's language, by record path — for a sub-form
   * (99997) its cells' `<key>.<row index>.<column key>`
   */
  errors?: Record<string, string>;
  locale: Locale;
  services: WidgetServices;
  /**
   * the values of the fields this field's `dataSource.params` read (`{pinPai.id}`), by key —
   * a column's from its row first — given by the form renderer to fields that have references
   */
  paramValues?: Record<string, unknown>;
  /** the labels of those fields, in the user's language (for "select the brand first") */
  paramLabels?: Record<string, string>;
}

export interface ViewProps<V = unknown> {
  field: FieldDefinition;
  value: V | undefined;
  locale: Locale;
  services: WidgetServices;
}

/**
 * How a form lays a type out (the form renderer, the designer canvas and the interop theme read it):
 * - `inline`: a value field in its FieldShell (label, asterisk, error), `width` columns of 24;
 * - `full-row`: no value and no shell — its View spans the whole row (the divider's section title);
 * - `block`: a block with its own label and body across the whole row (the sub-form's detail table).
 */
export type WidgetLayout = 'inline' | 'full-row' | 'block';

/** The box a long form draws in place of an edit widget not mounted yet (runtime lazy mount). */
export interface WidgetPlaceholder {
  /** px: the edit widget's height, so nothing moves when it mounts */
  height: number;
  /** drawn with an input's border (false: a bare row, like a radio group) */
  bordered: boolean;
  /** px on a phone (44 px controls, 16 px text: widgets/form/phone.css); `height` when the same */
  phoneHeight?: number;
}

export interface WidgetMeta {
  code: TypeCode;
  typeId: TypeId;
  group: 'field' | 'component';
  name: CodeName;
  /** antd icon name for the palette */
  icon: string;
  /** what a new field of this type starts with in the designer */
  defaults: Partial<FieldDefinition>;
  /** JSON Schema of the properties the designer's property panel edits for this type */
  properties: Record<string, unknown>;
  layout: WidgetLayout;
  placeholder: WidgetPlaceholder;
}

export interface WidgetDefinition {
  meta: WidgetMeta;
  Widget: ComponentType<WidgetProps<never>>;
  View: ComponentType<ViewProps<never>>;
}
