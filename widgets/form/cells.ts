// How a detail table draws one cell's widget. The table does not import the registry (the
// registry holds the sub-form widget, which is a detail table): the form renderer passes the
// registry's cells as a prop, and hosts that draw the sub-form widget by itself (the interop
// theme) provide them through CellHostContext.
import { createContext, useContext, type ComponentType } from 'react';
import type { ViewProps, WidgetProps } from '../types';

export interface CellHost {
  /** the edit widget and the read-only view of a column's type (undefined: unknown type) */
  widgetOf(code: number): { Widget: ComponentType<WidgetProps<unknown>>; View: ComponentType<ViewProps<unknown>> } | undefined;
}

export const CellHostContext = createContext<CellHost | null>(null);

/** The cell host a hosting renderer provides (null when there is none). */
export const useCellHost = () => useContext(CellHostContext);
