// The form of a definition, loaded when a form page first renders: the page (its frame, heading
// and watermark) paints while the form's code (the engine, the record validator, the widgets)
// downloads, instead of waiting for all of it before anything shows.
//
// The download starts once that first frame is painted (afterNextPaint, twice), not with the render that
// asks for it: on a slow phone network the frame and the heading then get the connection and the
// main thread to themselves (issue 16: the page's LCP is its heading). Once the code is in, later
// forms render at once.
import { lazy, Suspense, useEffect, useState } from 'react';
import type { DefinitionFormProps } from '../../runtime/form/DefinitionForm';
import { LAZY_FROM } from '../../widgets/form/lazy';
import { afterNextPaint } from '../layout/afterNextPaint';

let loaded = false;
const Form = lazy(() =>
  import('../../runtime/form/DefinitionForm').then((m) => {
    loaded = true;
    return { default: m.DefinitionForm };
  }),
);

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
  const [painted, setPainted] = useState(loaded);
  useEffect(() => {
    if (painted) return;
    // two painted frames: the heading's paint is presented a little after the frame that drew it
    // (a busy main thread delays it); the form's download (200 KB) starting within that gap was
    // sometimes counted before the LCP (a Lighthouse run at 80 among runs at 88)
    let cancel = afterNextPaint(() => {
      cancel = afterNextPaint(() => setPainted(true));
    });
    return () => cancel();
  }, [painted]);
  const pending = <FormPending fields={props.definition.fields.length} />;
  if (!painted) return pending;
  return (
    <Suspense fallback={pending}>
      <Form {...props} />
    </Suspense>
  );
}
