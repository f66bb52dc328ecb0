// The page `npm run bench:form` loads: ?r=fw|rjsf&c=fields|rows renders one form and records
// the mount time (start of render → first frame after mount) in window.__bench.
import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import RjsfForm from '@rjsf/antd';
import validator from '@rjsf/validator-ajv8';
import Decimal from 'decimal.js';
import dayjs from 'dayjs';
import { DefinitionForm } from '../../../runtime';
import { fieldsDefinition, rjsfSchemaOf, rowsData, rowsDefinition } from '../formBenchDefinitions';

declare global {
  interface Window {
    __bench: { t0: number; t1?: number; done?: boolean; render?: number; layout?: number; effect?: number; inputs?: number; complete?: number };
  }
}

const params = new URLSearchParams(location.search);
const renderer = params.get('r') ?? 'fw';
const kase = params.get('c') ?? 'fields';
const def = kase === 'rows' ? rowsDefinition() : fieldsDefinition();
const initial = kase === 'rows' ? rowsData() : {};
const user = { id: '1000000000000000001', name: '基准', mobile: '13800000000' };

// diagnostics (form.profile.ts prints them): when the first render starts, when the first commit's
// layout effects and passive effects run (ms after t0)
function Mounted({ children }: { children: ReactNode }) {
  window.__bench.render ??= performance.now() - window.__bench.t0;
  useLayoutEffect(() => {
    window.__bench.layout = performance.now() - window.__bench.t0;
  }, []);
  useEffect(() => {
    window.__bench.effect = performance.now() - window.__bench.t0;
    requestAnimationFrame(() => {
      window.__bench.t1 = performance.now();
      // what the first frame holds: real edit controls (a lazily mounted widget's stand-in is no input)
      window.__bench.inputs = document.querySelectorAll('input, textarea').length;
      // every field in the DOM (the rjsf baseline: at once; DefinitionForm: `data-complete`)
      const complete = () => renderer !== 'fw' || !!document.querySelector('.fw-form-body[data-complete="true"]');
      const poll = () => (complete() ? (window.__bench.complete = performance.now()) : requestAnimationFrame(poll));
      poll();
      window.__bench.done = true;
    });
  }, []);
  return <>{children}</>;
}

const dec = (v: unknown) => {
  try {
    return new Decimal(v === undefined || v === null || v === '' ? 0 : String(v));
  } catch {
    return new Decimal(0);
  }
};

/** The baseline: a controlled @rjsf/antd Form; formulas recomputed in onChange. */
function RjsfBaseline() {
  const { schema, uiSchema } = rjsfSchemaOf(def);
  const [data, setData] = useState<Record<string, unknown>>(initial);
  const recompute = (d: Record<string, unknown>) => {
    const out = { ...d };
    if (kase === 'rows') {
      const rows = ((out.detail as Record<string, unknown>[]) ?? []).map((r) => ({ ...r, amount: dec(r.qty).times(dec(r.price)).toFixed(2) }));
      out.detail = rows;
      out.total = rows.reduce((a, r) => a.plus(dec(r.amount)), new Decimal(0)).toFixed(2);
    } else {
      out.f298 = dec(out.f3).plus(dec(out.f8)).plus(dec(out.f13)).toFixed(2);
      out.f288 = dec(out.f18).times(dec(out.f23)).toFixed(2);
      if (out.f6 && out.f16) out.f292 = dayjs(out.f16 as string).diff(dayjs(out.f6 as string), 'day') + 1;
    }
    return out;
  };
  return (
    <RjsfForm
      schema={schema}
      uiSchema={uiSchema}
      formData={data}
      validator={validator}
      onChange={(e) => setData(recompute(e.formData as Record<string, unknown>))}
    />
  );
}

window.__bench = { t0: performance.now() };
// r=none: an empty page (the profiler of form.profile.ts starts on it before navigating)
if (renderer !== 'none')
  createRoot(document.getElementById('root')!).render(
    <Mounted>
      {renderer === 'fw' ? (
        <DefinitionForm
          definition={def}
          mode={kase === 'rows' ? 1 : 0}
          record={kase === 'rows' ? { id: '1000000000000000001', number: 'BENCH1', data: initial } : null}
          user={user}
          onSubmit={() => {}}
        />
      ) : (
        <RjsfBaseline />
      )}
    </Mounted>,
  );
