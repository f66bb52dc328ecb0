// The form of a definition, loaded when a form page first renders: the page (its frame, heading
// and watermark) paints while the form's code (the engine, the record validator, the widgets)
// downloads, instead of waiting for all of it before anything shows.
import { lazy, Suspense } from 'react';
import type { DefinitionFormProps } from '../../runtime/form/DefinitionForm';
import { LAZY_FROM } from '../../widgets/form/lazy';

const Form = lazy(() => import('../../runtime/form/DefinitionForm').then((m) => ({ default: m.DefinitionForm })));

/**
 * The place of a form not built yet: a long form (LAZY_FROM fields or more) keeps a screen's
 * height, so what the page shows below it does not move when it arrives.
 */
export function FormPending({ fields }: { fields: number }) {
  return (
    <div
      className="fw-definition-form"
      data-testid="definition-form-pending"
      aria-busy="true"
      style={fields >= LAZY_FROM ? { minHeight: '100vh' } : undefined}
    />
  );
}

export function DefinitionForm(props: DefinitionFormProps) {
  return (
    <Suspense fallback={<FormPending fields={props.definition.fields.length} />}>
      <Form {...props} />
    </Suspense>
  );
}
