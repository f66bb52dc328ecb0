// The frames' antd parts that a phone does not show at first paint (issue 16: Lighthouse on a
// phone): the side menu (in a drawer there, closed), the desktop tab strip, the breadcrumbs and
// the language Select. They load apart from the frame (one file: scripts/chunkPlan.ts): a desktop
// starts fetching them with the frame's module, a phone once its first frame is painted.
export { Breadcrumb, Drawer, Menu, Select, Tabs } from 'antd';
