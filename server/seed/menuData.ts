// The portal menu (spec §2 routes), names in zh-CN / en-US / zh-TW. `roles` lists the role
// codes granted the entry (the admin user sees every entry of the employee portal).
export interface MenuSeed {
  key: string;
  name: [string, string, string];
  path?: string;
  icon?: string;
  roles?: string[];
  children?: MenuSeed[];
}

const ALL = ['employee', 'deptLeader'];
const LEADER = ['deptLeader'];

export const EMPLOYEE_MENU: MenuSeed[] = [
  { key: 'gongZuoTai', name: ['工作台', 'Workbench', '工作台'], path: '/web/system/gongZuoTai', icon: 'DesktopOutlined', roles: ALL },
  { key: 'kanBan', name: ['看板', 'Dashboard', '看板'], path: '/web/report/kanBan/dashBoard', icon: 'DashboardOutlined', roles: ALL },
  {
    key: 'feiYong',
    name: ['费用管理', 'Expenses', '費用管理'],
    icon: 'AccountBookOutlined',
    roles: ALL,
    children: [
      { key: 'shenQing', name: ['费用申请', 'Expense applications', '費用申請'], path: '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList', roles: ALL },
      {
        key: 'zhuanXiang',
        name: ['专项费用', 'Special-project expenses', '專項費用'],
        path: '/web/emp/feiYong/shenQing/zhuanXiang/zhuanXiangFeiYongList',
        roles: ALL,
      },
      {
        key: 'suoShuZhuanXiang',
        name: ['专项活动', 'Special projects', '專項活動'],
        path: '/web/emp/feiYong/shenQing/zhuanXiang/suoShuZhuanXiang',
        roles: ALL,
      },
      {
        key: 'geAnShiYong',
        name: ['个案使用情况', 'Per-case usage', '個案使用情況'],
        path: '/web/emp/feiYong/shenQing/zhuanXiang/geAnShiYongQingKuang',
        roles: ALL,
      },
      {
        key: 'zhuanXiangZhuanJiao',
        name: ['专项经理转交', 'Project manager handover', '專項經理轉交'],
        path: '/web/emp/feiYong/shenQing/zhuanXiang/zhuanXiangJingLiZhuanJiao',
        roles: LEADER,
      },
      {
        key: 'huiZong',
        name: ['费用汇总审批', 'Expense summary approval', '費用匯總審批'],
        path: '/web/emp/feiYong/shenQing/feiYongHuiZongShenPi',
        roles: LEADER,
      },
      { key: 'jieAn', name: ['费用结案', 'Settlements', '費用結案'], path: '/web/emp/feiYong/jieAn/feiYongJieAnList', roles: ALL },
      { key: 'daiJieAn', name: ['待结案费用', 'Awaiting settlement', '待結案費用'], path: '/web/emp/feiYong/jieAn/feiYongDaiJieAnList', roles: ALL },
      { key: 'heXiao', name: ['费用核销', 'Write-offs', '費用核銷'], path: '/web/emp/feiYong/heXiao/feiYongHeXiaoList', roles: ALL },
      { key: 'daiHeXiao', name: ['待核销费用', 'Awaiting write-off', '待核銷費用'], path: '/web/emp/feiYong/heXiao/feiYongDaiHeXiaoList', roles: ALL },
      { key: 'buFaPiao', name: ['补发票申请', 'Supplementary invoices', '補發票申請'], path: '/web/emp/feiYong/buFaPiaoShenQing/list', roles: ALL },
      { key: 'daiZhiFu', name: ['待支付费用', 'Awaiting payment', '待支付費用'], path: '/web/emp/feiYong/zhiFu/feiYongDaiZhiFuList', roles: ['caiWuZhuGuan'] },
      { key: 'zhiFu', name: ['费用支付', 'Payments', '費用支付'], path: '/web/emp/feiYong/zhiFu/feiYongZhiFuList', roles: ALL },
      { key: 'daiYuFu', name: ['待预付费用', 'Awaiting prepayment', '待預付費用'], path: '/web/emp/feiYong/zhiFu/daiYuFuKuanList', roles: ['caiWuZhuGuan'] },
      { key: 'yuFuKuan', name: ['费用预付', 'Prepayments', '費用預付'], path: '/web/emp/feiYong/zhiFu/yuFuKuanList', roles: ['caiWuZhuGuan'] },
      {
        key: 'yuFuZuoFei',
        name: ['预付作废日志', 'Prepayment void log', '預付作廢日誌'],
        path: '/web/emp/feiYong/zhiFu/yuFuZuoFeiRiZhi',
        roles: ['caiWuZhuGuan'],
      },
      { key: 'daiHuanKuan', name: ['待还款预付', 'Awaiting repayment', '待還款預付'], path: '/web/emp/feiYong/zhiFu/daiHuanKuanList', roles: ['caiWuZhuGuan'] },
      { key: 'huanKuan', name: ['预付还款', 'Repayments', '預付還款'], path: '/web/emp/feiYong/zhiFu/huanKuanList', roles: ['caiWuZhuGuan'] },
      {
        key: 'huanKuanZuoFei',
        name: ['还款作废日志', 'Repayment void log', '還款作廢日誌'],
        path: '/web/emp/feiYong/zhiFu/huanKuanZuoFeiRiZhi',
        roles: ['caiWuZhuGuan'],
      },
      {
        key: 'zhuanXiangJieAn',
        name: ['专项结案', 'Special-project settlements', '專項結案'],
        path: '/web/emp/feiYong/jieAn/zhuanXiang/zhuanXiangJieAnList',
        roles: ALL,
      },
      {
        key: 'zhuanXiangDaiJieAn',
        name: ['待结案专项费用', 'Special projects awaiting settlement', '待結案專項費用'],
        path: '/web/emp/feiYong/jieAn/zhuanXiang/zhuanXiangJieAnSelect',
        roles: ALL,
      },
      {
        key: 'zhuanXiangHeXiao',
        name: ['专项核销', 'Special-project write-offs', '專項核銷'],
        path: '/web/emp/feiYong/heXiao/zhuanXiang/zhuanXiangHeXiaoList',
        roles: ALL,
      },
      {
        key: 'zhuanXiangDaiHeXiao',
        name: ['待核销专项费用', 'Special projects awaiting write-off', '待核銷專項費用'],
        path: '/web/emp/feiYong/heXiao/zhuanXiang/zhuanXiangHeXiaoSelect',
        roles: ALL,
      },
      { key: 'zhuanXiangZhiFu', name: ['专项支付', 'Special-project payments', '專項支付'], path: '/web/emp/feiYong/zhiFu/zhuanXiangZhiFuList', roles: ALL },
      { key: 'jianHe', name: ['检核汇报', 'Inspection reports', '檢核匯報'], path: '/web/emp/feiYong/jianHe/jianHeHuiBaoList', roles: ALL },
      { key: 'sheZhi', name: ['费用设置', 'Expense settings', '費用設置'], path: '/web/emp/feiYong/sheZhi/feiYongSheZhiList', roles: LEADER },
    ],
  },
  {
    key: 'yuSuan',
    name: ['预算管理', 'Budgets', '預算管理'],
    icon: 'FundOutlined',
    roles: LEADER,
    children: [
      { key: 'yuSuanChi', name: ['预算池', 'Budget pools', '預算池'], path: '/web/emp/feiYong/yuSuan/yuSuanChi', roles: LEADER },
      { key: 'tiYuSuan', name: ['提预算', 'Budget proposals', '提預算'], path: '/web/emp/feiYong/yuSuan/tiYuSuan/tiYuSuanList', roles: LEADER },
      {
        key: 'tiYuSuanDaoRu',
        name: ['预算模板导入', 'Budget template import', '預算模板導入'],
        path: '/web/emp/feiYong/yuSuan/tiYuSuan/tiYuSuanDaoRu',
        roles: LEADER,
      },
      {
        key: 'yuSuanBianGeng',
        name: ['预算调整与分配', 'Budget changes and allocations', '預算調整與分配'],
        path: '/web/emp/feiYong/yuSuan/bianGeng/yuSuanBianGengList',
        roles: LEADER,
      },
      { key: 'yuTi', name: ['费用预提', 'Accruals', '費用預提'], path: '/web/feiYong/yuTi/yuTiList', roles: LEADER },
      { key: 'yuTiShenHe', name: ['预提审核', 'Accrual review', '預提審核'], path: '/web/feiYong/yuTi/yuTiShenHe', roles: LEADER },
      { key: 'qudaoSheZhi', name: ['渠道与预算池设置', 'Channels and pool settings', '渠道與預算池設置'], path: '/web/feiYong/sheZhi', roles: LEADER },
    ],
  },
  { key: 'huoDong', name: ['活动确认', 'Activity confirmation', '活動確認'], path: '/web/activitiesconfirmation', icon: 'CheckSquareOutlined', roles: ALL },
  {
    key: 'keHu',
    name: ['客户管理', 'Customers', '客戶管理'],
    icon: 'TeamOutlined',
    roles: ALL,
    children: [{ key: 'keHuGuanLi', name: ['经销商与网点', 'Dealers and outlets', '經銷商與網點'], path: '/web/keHuGuanLi', roles: ALL }],
  },
  {
    key: 'xinXi',
    name: ['信息中心', 'Information center', '信息中心'],
    icon: 'DatabaseOutlined',
    children: [
      { key: 'xinXiZhongXin', name: ['主数据', 'Master data', '主數據'], path: '/web/xinXiZhongXin' },
      { key: 'gongYingLian', name: ['供应链', 'Supply chain', '供應鏈'], path: '/web/gongYingLian' },
    ],
  },
  {
    key: 'biaoDan',
    name: ['表单设置', 'Forms', '表單設置'],
    icon: 'FormOutlined',
    children: [
      { key: 'biaoDanList', name: ['表单列表', 'Form list', '表單列表'], path: '/web/system/peiZhi/biaoDanList' },
      { key: 'shiShiBiaoDan', name: ['表单实施', 'Form implementation', '表單實施'], path: '/web/system/shiShi/biaoDan/list' },
      { key: 'liuChengSheZhi', name: ['流程设置', 'Process settings', '流程設置'], path: '/web/system/process/liuChengSheZhi' },
      { key: 'liuChengJianKong', name: ['流程监控', 'Process monitoring', '流程監控'], path: '/web/system/process/liuChengJianKong' },
    ],
  },
  {
    key: 'liuCheng',
    name: ['流程审批', 'Approvals', '流程審批'],
    icon: 'AuditOutlined',
    roles: ALL,
    children: [
      { key: 'renWuZhongXin', name: ['任务中心', 'Task center', '任務中心'], path: '/web/system/process/renWu-process-ui', roles: ALL },
      { key: 'liuChengRenWuDel', name: ['流程任务删除', 'Delete process tasks', '流程任務刪除'], path: '/web/system/process/liuChengRenWuDel' },
      { key: 'juZhenList', name: ['审批矩阵', 'Approver matrices', '審批矩陣'], path: '/web/system/juZhen/juZhenList' },
      { key: 'piLiangShenPiBaiMingDan', name: ['批量审批白名单', 'Batch-approval whitelist', '批量審批白名單'], path: '/web/system/piLiangShenPiBaiMingDan' },
    ],
  },
  {
    key: 'xiTong',
    name: ['系统管理', 'System', '系統管理'],
    icon: 'SettingOutlined',
    children: [
      { key: 'dingShiRenWu', name: ['定时任务', 'Scheduled tasks', '定時任務'], path: '/web/system/dingShiRenWu/index' },
      { key: 'jieKouYinQing', name: ['接口引擎', 'Interface engine', '接口引擎'], path: '/web/system/jieKouYinQing/index' },
      { key: 'message', name: ['消息设置', 'Messages', '消息設置'], path: '/web/system/message/index' },
      { key: 'huiDiaoRiZhi', name: ['回调日志', 'Callback log', '回調日誌'], path: '/web/system/huiDiaoRiZhi/list' },
      { key: 'yongHuChuShiMiMa', name: ['用户初始化密码', 'Reset user password', '使用者初始化密碼'], path: '/web/system/yongHu/chuShiMiMa' },
      {
        key: 'tpmCanShu',
        name: ['TPM参数设置', 'TPM parameters', 'TPM參數設置'],
        children: [
          ['tpmCanShuSheZhiMain', '参数总览', 'Overview', '參數總覽'],
          ['feiYongShenQingSheZhi', '费用申请设置', 'Application settings', '費用申請設置'],
          ['feiYongShenPiSheZhi', '费用审批设置', 'Approval settings', '費用審批設置'],
          ['feiYongJieAnSheZhi', '费用结案设置', 'Settlement settings', '費用結案設置'],
          ['feiYongHeXiaoSheZhi', '费用核销设置', 'Write-off settings', '費用核銷設置'],
          ['feiYongZhiFuSheZhi', '费用支付设置', 'Payment settings', '費用支付設置'],
          ['feiYongYuFuSheZhi', '费用预付设置', 'Prepayment settings', '費用預付設置'],
          ['feiYongYuTiSheZhi', '费用预提设置', 'Accrual settings', '費用預提設置'],
          ['yuSuanSheZhi', '预算设置', 'Budget settings', '預算設置'],
          ['feiYongJianHeSheZhi', '费用检核设置', 'Inspection settings', '費用檢核設置'],
          ['feiYongFenXiSheZhi', '费用分析设置', 'Expense analysis settings', '費用分析設置'],
          ['tiHuoJiHuaSheZhi', '提货计划设置', 'Pick-up plan settings', '提貨計劃設置'],
          ['xiaoShouMuBiaoSheZhi', '销售目标设置', 'Sales target settings', '銷售目標設置'],
          ['qiTaCanShuSheZhi', '其他参数设置', 'Other parameters', '其他參數設置'],
        ].map(([code, zh, en, tw]) => ({
          key: `tpm_${code}`,
          name: [zh, en, tw] as [string, string, string],
          path: `/web/system/setting/tpmCanShuSheZhi/${code}`,
        })),
      },
      { key: 'monitor', name: ['服务监控', 'Server monitor', '服務監控'], path: '/web/monitor/server' },
    ],
  },
  { key: 'bangZhu', name: ['帮助中心', 'Help', '幫助中心'], path: '/web/information/bangZhu/bangZhuListUI', icon: 'QuestionCircleOutlined', roles: ALL },
];

export const DEALER_MENU: MenuSeed[] = [
  { key: 'dpShouYe', name: ['首页', 'Home', '首頁'], path: '/web/dp/shouYe', icon: 'HomeOutlined', roles: ['dealer'] },
  { key: 'dpGongZuoTai', name: ['工作台', 'Workbench', '工作台'], path: '/web/dp/gongZuoTai', icon: 'DesktopOutlined', roles: ['dealer'] },
  { key: 'dpGongNeng', name: ['功能列表', 'Functions', '功能列表'], path: '/web/dp/gongNengList', icon: 'AppstoreOutlined', roles: ['dealer'] },
  { key: 'dpBangZhu', name: ['帮助中心', 'Help center', '幫助中心'], path: '/web/dp/bangZhuZhongXin', icon: 'QuestionCircleOutlined', roles: ['dealer'] },
  { key: 'dpFaLv', name: ['法律说明', 'Legal notice', '法律說明'], path: '/web/dp/faLvShuoMing', icon: 'FileTextOutlined', roles: ['dealer'] },
  { key: 'dpGuanYu', name: ['关于我们', 'About us', '關於我們'], path: '/web/dp/guanYuWoMen', icon: 'InfoCircleOutlined', roles: ['dealer'] },
];
