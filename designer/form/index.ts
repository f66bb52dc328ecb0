// designer/form: the form list and the drag-and-drop form designer.
export { FormListPage, DESIGNER_PATH, type FormListPageProps } from './FormListPage';
export { FormDesignerPage, DESIGNER_TABS, type DesignerTab, type FormDesignerPageProps } from './FormDesignerPage';
