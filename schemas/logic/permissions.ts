// Mode and permission rules: what a field is before any linkage rule runs. Shared by the
// runtime's form model and the server's rule evaluation (schemas/ruleEffects.ts).
//
// | mode                  | default                                   | permissions read          |
// |-----------------------|-------------------------------------------|---------------------------|
// | 0 add, 1 modify       | the applicant edits every field           | modes['0'|'1']            |
// | 2 view                | everything read-only, nothing required     | modes['2'] (hide only)    |
// | 3 approve             | read-only; the node's map makes editable   | modes['3'], nodes[node]   |
// | 4 modify on return    | the applicant edits every field           | modes['4'], nodes[node]   |
//
// A field's own `hidden` is its initial visibility (a `show` rule may reveal it); its own
// `readonly` and a permission's `hidden`/`readonly` are hard limits no rule lifts. Sub-form
// columns inherit their sub-form's state, then apply their own flags and their own
// `subForm.column` permission entries.
import { FORM_MODES, type FormMode } from '../typeCodes';
import type { FieldDefinition, FieldPermission, FormDefinition } from '../definition';

export interface BaseState {
  /** initial visibility (rules may change it unless `hardHidden`) */
  visible: boolean;
  hardHidden: boolean;
  /** the most a rule may grant: editable at all in this mode */
  canEdit: boolean;
  required: boolean;
}

/** Modes in which the applicant edits the form. */
export const APPLICANT_EDIT_MODES: ReadonlySet<FormMode> = new Set([FORM_MODES.ADD, FORM_MODES.MODIFY, FORM_MODES.MODIFY_ON_RETURN]);

/** The permission of a path in this mode (and node), node map over mode map. */
export function permissionOf(def: FormDefinition, mode: FormMode, nodeId: string | undefined, path: string): FieldPermission | undefined {
  const p = def.permissions;
  if (!p) return undefined;
  const fromNode = nodeId && (mode === FORM_MODES.APPROVE || mode === FORM_MODES.MODIFY_ON_RETURN) ? p.nodes?.[nodeId]?.[path] : undefined;
  return fromNode ?? p.modes?.[String(mode)]?.[path];
}

function apply(base: BaseState, field: FieldDefinition, perm: FieldPermission | undefined, mode: FormMode): BaseState {
  let { visible, hardHidden, canEdit, required } = base;
  if (field.hidden) visible = false;
  if (field.readonly) canEdit = false;
  if (field.required) required = true;
  switch (perm) {
    case 'hidden':
      visible = false;
      hardHidden = true;
      canEdit = false;
      break;
    case 'readonly':
      canEdit = false;
      break;
    case 'editable':
      visible = true;
      hardHidden = false;
      canEdit = !field.readonly;
      break;
    case 'required':
      visible = true;
      hardHidden = false;
      canEdit = !field.readonly;
      required = true;
      break;
  }
  // view is view only (spec §9 view type 2), whatever a permission says
  if (mode === FORM_MODES.VIEW) canEdit = false;
  if (!canEdit || hardHidden) required = false;
  return { visible: visible && !hardHidden, hardHidden, canEdit, required };
}

/** The base state of a main field. */
export function baseStateOf(def: FormDefinition, mode: FormMode, nodeId: string | undefined, field: FieldDefinition): BaseState {
  const start: BaseState = { visible: true, hardHidden: false, canEdit: APPLICANT_EDIT_MODES.has(mode), required: false };
  return apply(start, field, permissionOf(def, mode, nodeId, field.key), mode);
}

/** The base state of a sub-form column, from its sub-form's. */
export function columnBaseStateOf(
  def: FormDefinition,
  mode: FormMode,
  nodeId: string | undefined,
  subForm: FieldDefinition,
  subFormState: BaseState,
  column: FieldDefinition,
): BaseState {
  const start: BaseState = { visible: subFormState.visible, hardHidden: subFormState.hardHidden, canEdit: subFormState.canEdit, required: false };
  const perm = permissionOf(def, mode, nodeId, `${subForm.key}.${column.key}`);
  const s = apply(start, column, perm, mode);
  // a hidden sub-form hides all its columns, whatever the column's permission
  if (subFormState.hardHidden) return { ...s, visible: false, hardHidden: true, canEdit: false, required: false };
  return s;
}

/** A state action of a linkage rule, as far as the field's state is concerned. */
interface StateAction {
  action: string;
}

/**
 * A field's state once the state actions of its active rules (in rule order) are applied to its
 * base: `show` cannot lift a hard hide, a computed field is never editable, and only a visible,
 * editable field can be required.
 */
export function ruleStateOf(path: string, base: BaseState, actions: Iterable<StateAction>, computed: boolean) {
  let visible = base.visible;
  let editableFlag = true;
  let required = base.required;
  for (const a of actions) {
    if (a.action === 'show') visible = !base.hardHidden;
    else if (a.action === 'hide') visible = false;
    else if (a.action === 'require') required = true;
    else if (a.action === 'optional') required = false;
    else if (a.action === 'readonly') editableFlag = false;
    else if (a.action === 'editable') editableFlag = true;
  }
  const editable = base.canEdit && editableFlag && !computed;
  return { path, visible, editable, required: required && visible && editable, computed };
}
