import { useMemo, useState, useSyncExternalStore } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConfigProvider } from 'antd';
import { ReactFlowProvider } from '@xyflow/react';
import type { Locale } from '../../schemas/constants';
import type { ProcessDefinition } from '../../schemas/process/model';
import { validateProcessDefinition } from '../../schemas/process/validate';
import { namesFromDirectory } from '../../runtime/approval/strategySummary';
import { asLocale } from '../../widgets/testing/storyDecorators';
import { ProcessDesignerStore } from '../core/process/store';
import { problemsByNode, toPointer } from '../core/process/problems';
import { ProcessCanvas } from './Canvas';
import { dryRunPath } from './canvasModel';
import { NodeDrawer } from './drawer/NodeDrawer';
import { DIRECTORY_OPTIONS, DIRECTORY_USERS, MemoryDrawerApi, expenseForm, sampleProcess } from './drawer/testing';

// The whole process canvas (ProcessCanvas over a ProcessDesignerStore, in a ReactFlowProvider as
// the designer page has it) on the sample expense process: a leader, an amount condition with
// three branches, a CC and a parallel review. Editing works (insert with "+", move, delete, add a
// branch); the store is the story's own.

const NAMES = namesFromDirectory(DIRECTORY_OPTIONS, DIRECTORY_USERS);

/** The sample with unfinished parts the publish lint reports: an approver without a strategy, a branch without a condition. */
function unfinished(): ProcessDefinition {
  const def = sampleProcess();
  return {
    ...def,
    nodes: def.nodes.map((n) => (n.id === 'director' ? { ...n, assignee: undefined } : n)),
    edges: def.edges.map((e) => (e.id === 'promo' ? { ...e, condition: { and: [] } } : e)),
  };
}

interface CanvasStoryProps {
  definition: () => ProcessDefinition;
  /** show the publish lint's problems on the nodes and branches */
  lint?: boolean;
  /** highlight a dry-run's path (amount above 10,000: leader → director → both reviews) */
  dryRun?: boolean;
  readOnly?: boolean;
  /** double-click or Enter on a node (a click on a branch label) opens the property drawer */
  drawer?: boolean;
  locale?: Locale;
}

function CanvasStory({ definition, lint = false, dryRun = false, readOnly = false, drawer = false, locale = 'zh-CN' }: CanvasStoryProps) {
  const [store] = useState(() => new ProcessDesignerStore(definition()));
  const [api] = useState(() => new MemoryDrawerApi());
  const def = useSyncExternalStore(store.subscribe, () => store.getState().definition);
  const lintProblems = useMemo(
    () => (lint ? validateProcessDefinition(def, locale, expenseForm()).errors.map((e) => ({ path: e.path, message: e.message, code: e.code })) : []),
    [lint, def, locale],
  );
  const problems = useMemo(() => (lint ? problemsByNode(lintProblems, def) : null), [lint, lintProblems, def]);
  const path = useMemo(
    () =>
      dryRun
        ? dryRunPath(def, [
            { nodeId: 'leader' },
            { nodeId: 'director', condition: { nodeId: 'amountCheck', edgeId: 'big' } },
            { nodeId: 'reviewA' },
            { nodeId: 'reviewB' },
          ])
        : null,
    [dryRun, def],
  );
  const [open, setOpen] = useState<{ nodeId?: string; edgeId?: string } | null>(null);
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  return (
    <div ref={setContainer} style={{ position: 'relative', height: 680, display: 'flex', transform: 'translateZ(0)', overflow: 'hidden' }}>
      <ReactFlowProvider>
        <ProcessCanvas store={store} locale={locale} problems={problems} path={path} names={NAMES} readOnly={readOnly} onOpen={drawer ? setOpen : undefined} />
      </ReactFlowProvider>
      {drawer && container ? (
        <ConfigProvider getPopupContainer={() => container}>
          <NodeDrawer
            definition={def}
            nodeId={open?.nodeId ?? null}
            edgeId={open?.edgeId ?? null}
            formCode={def.formCode ?? null}
            api={api}
            problems={lintProblems.map((p) => ({ ...p, path: toPointer(p.path) }))}
            dispatch={(cmd) => {
              const r = store.dispatch(cmd);
              if (!r.ok) throw r.error;
            }}
            onClose={() => setOpen(null)}
            locale={locale}
          />
        </ConfigProvider>
      ) : null}
    </div>
  );
}

const meta = {
  title: 'Process designer/Canvas',
  component: CanvasStory,
  args: { definition: sampleProcess },
  argTypes: { definition: { control: false } },
  render: (args, { globals }) => <CanvasStory key={JSON.stringify({ ...args, definition: undefined })} {...args} locale={asLocale(globals.locale)} />,
} satisfies Meta<typeof CanvasStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The sample process laid out top-down: zoom, fit, minimap; "+" on every edge; drag nodes, arrow keys, Delete. */
export const SampleProcess: Story = {};
/** The publish lint's problems on the nodes and the branch (an approver without a strategy, a branch without a condition). */
export const WithProblems: Story = { args: { definition: unfinished, lint: true } };
/** A dry-run's path highlighted: the amount above 10,000 goes through the director and both reviews. */
export const DryRunPath: Story = { args: { dryRun: true } };
/** Read-only (a published version): no "+", no add-branch buttons, nodes not draggable. */
export const ReadOnly: Story = { args: { readOnly: true } };
/** With the property drawer: double-click a node or click a branch label to open it (edits go through the same store). */
export const WithDrawer: Story = { args: { drawer: true, lint: true, definition: unfinished } };
/** English texts. */
export const English: Story = { globals: { locale: 'en-US' } };
