// The process designer's property drawer: everything a node or a branch holds. Open when a node
// (nodeId) or an edge (edgeId) is selected; every edit is a command (../../core/process/
// propertyCommands.ts) dispatched to the page's store, so undo/redo covers it. The problems the
// publish lint found on this node (or branch) are listed at the top.
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Descriptions, Drawer, Empty, Form, Input, Tabs, Typography } from 'antd';
import type { Locale } from '../../../schemas/constants';
import { LOCALES } from '../../../schemas/constants';
import type { LocalizedText } from '../../../schemas/definition';
import type { ProcessDefinition, ProcessNode } from '../../../schemas/process/model';
import type { ProcessCommand } from '../../core/process/command';
import { ProcessDesignerError } from '../../core/process/errors';
import { branchesOf, updateNode } from '../../core/process/propertyCommands';
import type { ProcessDrawerApi } from './api';
import { ApproveRules } from './ApproveRules';
import { BranchEditor, BranchList, branchName } from './Branches';
import { DrawerContext, useDrawer, useDrawerData, type DrawerContextValue } from './context';
import { textOf, useProcessT, type ProcessT } from './i18n';
import { NodePermissions, usePermissionStore } from './NodePermissions';
import { StrategyEditor } from './StrategyEditor';

export interface NodeDrawerProps {
  definition: ProcessDefinition;
  nodeId: string | null;
  edgeId: string | null;
  formCode: string | null;
  api: ProcessDrawerApi;
  problems: { path: string; message: string }[];
  dispatch: (cmd: ProcessCommand) => void;
  onClose: () => void;
  locale: Locale;
}

/** The problems under a node (`/nodes/3…`) or its outgoing branches, or under an edge. */
export function problemsOf(def: ProcessDefinition, problems: readonly { path: string; message: string }[], nodeId: string | null, edgeId: string | null) {
  const prefixes: string[] = [];
  if (nodeId) {
    const at = def.nodes.findIndex((n) => n.id === nodeId);
    if (at >= 0) prefixes.push(`/nodes/${at}`);
    const node = def.nodes[at];
    if (node?.type === 'condition') def.edges.forEach((e, i) => e.source === nodeId && prefixes.push(`/edges/${i}`));
  }
  if (edgeId) {
    const at = def.edges.findIndex((e) => e.id === edgeId);
    if (at >= 0) prefixes.push(`/edges/${at}`);
  }
  return problems.filter((p) => prefixes.some((pre) => p.path === pre || p.path.startsWith(`${pre}/`)));
}

const LOCALE_ORDER: Locale[] = ['zh-CN', ...LOCALES.filter((l) => l !== 'zh-CN')];

function NameEditor({ node, dispatch }: { node: ProcessNode; dispatch: (cmd: ProcessCommand) => void }) {
  const { t } = useDrawer();
  // zh-CN is required: an emptied zh-CN stays local (marked) until it has text again
  const [blankZh, setBlankZh] = useState(false);
  const set = (locale: Locale, value: string) => {
    const name: LocalizedText = { ...node.name, [locale]: value };
    if (locale === 'zh-CN' && !value.trim()) {
      setBlankZh(true);
      return;
    }
    if (locale === 'zh-CN') setBlankZh(false);
    dispatch(updateNode(node.id, { name }));
  };
  return (
    <div data-testid="node-name">
      {LOCALE_ORDER.map((l) => (
        <Form.Item
          key={l}
          label={t(`drawer.name.${l}`)}
          required={l === 'zh-CN'}
          validateStatus={l === 'zh-CN' && blankZh ? 'error' : undefined}
          help={l === 'zh-CN' && blankZh ? t('drawer.name.required') : undefined}
          style={{ marginBottom: 8 }}
        >
          <Input
            data-testid={`node-name-${l}`}
            aria-label={t(`drawer.name.${l}`)}
            maxLength={200}
            value={l === 'zh-CN' && blankZh ? '' : (node.name[l] ?? '')}
            placeholder={l === 'zh-CN' ? undefined : node.name['zh-CN']}
            onChange={(e) => set(l, e.target.value)}
          />
        </Form.Item>
      ))}
    </div>
  );
}

function Identity({ node, t }: { node: ProcessNode; t: ProcessT }) {
  return (
    <Descriptions
      size="small"
      column={1}
      style={{ marginBottom: 12 }}
      items={[
        {
          key: 'id',
          label: t('drawer.nodeId'),
          children: (
            <Typography.Text code copyable data-testid="node-id">
              {node.id}
            </Typography.Text>
          ),
        },
        { key: 'type', label: t('drawer.nodeType'), children: t(`drawer.types.${node.type}`) },
      ]}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={{ marginBottom: 16 }}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}

function NodeBody({
  definition,
  node,
  initialEdge,
  dispatch,
  permissions,
}: {
  definition: ProcessDefinition;
  node: ProcessNode;
  initialEdge: string | null;
  dispatch: (cmd: ProcessCommand) => void;
  permissions: ReturnType<typeof usePermissionStore>;
}) {
  const { t } = useDrawer();
  const branches = node.type === 'condition' ? branchesOf(definition, node.id) : [];
  const [branch, setBranch] = useState<string | null>(initialEdge ?? branches[0]?.id ?? null);
  const selectedEdge = branches.find((e) => e.id === branch) ?? null;
  const basics = (
    <>
      <Identity node={node} t={t} />
      <NameEditor node={node} dispatch={dispatch} />
      {(node.type === 'start' || node.type === 'end' || node.type === 'parallel' || node.type === 'join') && (
        <Typography.Paragraph type="secondary" data-testid="node-type-hint">
          {t(`drawer.typeHints.${node.type}`)}
        </Typography.Paragraph>
      )}
    </>
  );
  if (node.type === 'approve')
    return (
      <Tabs
        data-testid="drawer-tabs"
        items={[
          {
            key: 'who',
            label: t('drawer.tabs.who'),
            children: (
              <>
                {basics}
                <Section title={t('strategy.title')}>
                  <StrategyEditor node={node} dispatch={dispatch} />
                </Section>
              </>
            ),
          },
          { key: 'rules', label: t('drawer.tabs.rules'), children: <ApproveRules node={node} dispatch={dispatch} /> },
          {
            key: 'permissions',
            label: t('drawer.tabs.permissions'),
            children: <NodePermissions state={permissions.state} reload={permissions.reload} nodeId={node.id} />,
          },
        ]}
      />
    );
  if (node.type === 'cc')
    return (
      <>
        {basics}
        <Section title={t('strategy.titleCc')}>
          <StrategyEditor node={node} dispatch={dispatch} />
        </Section>
      </>
    );
  if (node.type === 'condition')
    return (
      <>
        {basics}
        <Section title={t('condition.branches')}>
          <BranchList definition={definition} nodeId={node.id} selected={branch} onSelect={setBranch} dispatch={dispatch} />
        </Section>
        {selectedEdge && <BranchEditor key={selectedEdge.id} definition={definition} edge={selectedEdge} dispatch={dispatch} />}
      </>
    );
  return basics;
}

export function NodeDrawer(props: NodeDrawerProps) {
  const { definition, nodeId, edgeId, formCode, api, problems, dispatch, onClose, locale } = props;
  const t = useProcessT(locale);
  const open = nodeId !== null || edgeId !== null;
  const { fields, options, reload } = useDrawerData(api, formCode, open);
  const node = nodeId ? definition.nodes.find((n) => n.id === nodeId) : undefined;
  const edge = edgeId ? definition.edges.find((e) => e.id === edgeId) : undefined;
  // an edge out of a condition node opens its condition node's view with that branch selected
  const gateway = !node && edge ? definition.nodes.find((n) => n.id === edge.source && n.type === 'condition') : undefined;
  const shown = node ?? gateway;
  const permissions = usePermissionStore(api, formCode, open && shown?.type === 'approve');
  const [refusal, setRefusal] = useState<{ code: string; params: Record<string, string> } | null>(null);
  const safeDispatch = useMemo(
    () => (cmd: ProcessCommand) => {
      try {
        dispatch(cmd);
        setRefusal(null);
      } catch (e) {
        if (e instanceof ProcessDesignerError) setRefusal({ code: e.code, params: e.params });
        else throw e;
      }
    },
    [dispatch],
  );
  const ctx = useMemo<DrawerContextValue>(() => ({ api, t, locale, formCode, fields, options, reload }), [api, t, locale, formCode, fields, options, reload]);
  const mine = problemsOf(definition, problems, shown?.id ?? null, edgeId);
  const title = shown ? textOf(shown.name, locale) || shown.id : edge ? branchName(definition, edge, t, locale) : t('drawer.title');

  // the edge to select in a condition node's branch list (opened with edgeId, or with both ids)
  const branchOfShown = shown?.type === 'condition' && edge?.source === shown.id ? edge.id : null;
  let body: ReactNode;
  if (shown) {
    body = (
      <NodeBody
        key={`${shown.id}:${branchOfShown ?? ''}`}
        definition={definition}
        node={shown}
        initialEdge={branchOfShown}
        dispatch={safeDispatch}
        permissions={permissions}
      />
    );
  } else if (edge) {
    body = <BranchEditor key={edge.id} definition={definition} edge={edge} dispatch={safeDispatch} />;
  } else if (open) {
    body = <Empty description={t('drawer.gone')} data-testid="drawer-gone" />;
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={<span data-testid="drawer-title">{title}</span>}
      size={560}
      mask={false}
      destroyOnHidden
      data-testid="node-drawer"
      rootClassName="fw-process-drawer"
      closable={{ 'aria-label': t('drawer.close') }}
    >
      <DrawerContext.Provider value={ctx}>
        <div data-testid="node-drawer-body" data-node={shown?.id ?? ''} data-edge={edgeId ?? ''}>
          {mine.length > 0 && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              data-testid="drawer-problems"
              title={t('drawer.problems', { count: mine.length })}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {mine.map((p, i) => (
                    <li key={i}>{p.message}</li>
                  ))}
                </ul>
              }
            />
          )}
          {refusal && (
            <Alert
              type="warning"
              showIcon
              closable={{ onClose: () => setRefusal(null) }}
              style={{ marginBottom: 12 }}
              data-testid="drawer-refusal"
              title={t(`errors.${refusal.code}`, refusal.params)}
            />
          )}
          {fields.status === 'error' && formCode && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('drawer.fieldsFailed', { message: fields.message })}
              data-testid="drawer-fields-error"
            />
          )}
          {body}
        </div>
      </DrawerContext.Provider>
    </Drawer>
  );
}
