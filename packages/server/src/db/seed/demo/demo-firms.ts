/** Demo insurance companies: short name, full name, type (1 life, 2 property). */
export const DEMO_FIRMS: ReadonlyArray<[name: string, fullName: string, type: 1 | 2]> = [
  ['中国人寿', '中国人寿保险股份有限公司', 1],
  ['平安人寿', '中国平安人寿保险股份有限公司', 1],
  ['太平洋人寿', '中国太平洋人寿保险股份有限公司', 1],
  ['新华保险', '新华人寿保险股份有限公司', 1],
  ['泰康人寿', '泰康人寿保险有限责任公司', 1],
  ['太平人寿', '太平人寿保险有限公司', 1],
  ['人保寿险', '中国人民人寿保险股份有限公司', 1],
  ['阳光人寿', '阳光人寿保险股份有限公司', 1],
  ['富德生命', '富德生命人寿保险股份有限公司', 1],
  ['华夏人寿', '华夏人寿保险股份有限公司', 1],
  ['天安人寿', '天安人寿保险股份有限公司', 1],
  ['百年人寿', '百年人寿保险股份有限公司', 1],
  ['合众人寿', '合众人寿保险股份有限公司', 1],
  ['信泰人寿', '信泰人寿保险股份有限公司', 1],
  ['友邦人寿', '友邦人寿保险有限公司', 1],
  ['招商信诺', '招商信诺人寿保险有限公司', 1],
  ['工银安盛', '工银安盛人寿保险有限公司', 1],
  ['中意人寿', '中意人寿保险有限公司', 1],
  ['光大永明', '光大永明人寿保险有限公司', 1],
  ['中英人寿', '中英人寿保险有限公司', 1],
  ['交银人寿', '交银人寿保险有限公司', 1],
  ['建信人寿', '建信人寿保险股份有限公司', 1],
  ['中邮人寿', '中邮人寿保险股份有限公司', 1],
  ['农银人寿', '农银人寿保险股份有限公司', 1],
  ['人保财险', '中国人民财产保险股份有限公司', 2],
  ['平安产险', '中国平安财产保险股份有限公司', 2],
  ['太平洋产险', '中国太平洋财产保险股份有限公司', 2],
  ['国寿财险', '中国人寿财产保险股份有限公司', 2],
  ['中华联合', '中华联合财产保险股份有限公司', 2],
  ['大地保险', '中国大地财产保险股份有限公司', 2],
  ['阳光财险', '阳光财产保险股份有限公司', 2],
  ['太平财险', '太平财产保险有限公司', 2],
  ['华安保险', '华安财产保险股份有限公司', 2],
  ['永安保险', '永安财产保险股份有限公司', 2],
  ['英大泰和', '英大泰和财产保险股份有限公司', 2],
]

/**
 * The kinds of product a demo company sells, by second-level classification: the product name's
 * ending, its grouping, whether it is long-term, and its attribute (0 none, 1 student, 5 aviation).
 */
export interface DemoKind {
  classify2: string
  suffix: string
  group: string
  longTerm: boolean
  attr?: number
  newType?: boolean
}

export const LIFE_KINDS: DemoKind[] = [
  { classify2: '定期寿险', suffix: '定期寿险', group: '成人保障', longTerm: true },
  { classify2: '终身寿险', suffix: '终身寿险', group: '成人保障', longTerm: true },
  { classify2: '两全保险', suffix: '两全保险（分红型）', group: '财富传承', longTerm: true, newType: true },
  { classify2: '年金保险', suffix: '年金保险', group: '养老金', longTerm: true },
  { classify2: '年金保险', suffix: '少儿年金保险', group: '教育金', longTerm: true },
  { classify2: '万能保险', suffix: '终身寿险（万能型）', group: '财富传承', longTerm: true, newType: true },
  { classify2: '投资连结保险', suffix: '投资连结保险', group: '财富传承', longTerm: true, newType: true },
  { classify2: '重大疾病保险', suffix: '重大疾病保险', group: '成人保障', longTerm: true },
  { classify2: '重大疾病保险', suffix: '少儿重大疾病保险', group: '少儿保障', longTerm: true, attr: 3 },
  { classify2: '防癌保险', suffix: '防癌疾病保险', group: '老年保障', longTerm: true, attr: 4 },
  { classify2: '护理保险', suffix: '长期护理保险', group: '老年保障', longTerm: true },
  { classify2: '医疗保险', suffix: '医疗保险', group: '短期医疗', longTerm: false },
  { classify2: '综合意外险', suffix: '综合意外伤害保险', group: '短期意外', longTerm: false },
]

export const PROPERTY_KINDS: DemoKind[] = [
  { classify2: '家庭财产保险', suffix: '家庭财产保险', group: '短期保险', longTerm: false },
  { classify2: '企业财产保险', suffix: '企业财产综合险', group: '团体保险', longTerm: false },
  { classify2: '机动车辆保险', suffix: '机动车商业保险', group: '短期保险', longTerm: false },
  { classify2: '责任保险', suffix: '公众责任保险', group: '团体保险', longTerm: false },
  { classify2: '工程保险', suffix: '建筑工程一切险', group: '团体保险', longTerm: false },
  { classify2: '货物运输保险', suffix: '国内货物运输保险', group: '短期保险', longTerm: false },
  { classify2: '交通意外险', suffix: '交通工具意外伤害保险', group: '旅行保险', longTerm: false },
  { classify2: '航空意外险', suffix: '航空意外伤害保险', group: '旅行保险', longTerm: false, attr: 5 },
  { classify2: '学生平安险', suffix: '学生平安保险', group: '团体意外', longTerm: false, attr: 1 },
  { classify2: '旅游意外险', suffix: '境外旅行意外伤害保险', group: '旅行保险', longTerm: false },
  { classify2: '医疗保险', suffix: '百万医疗保险', group: '短期医疗', longTerm: false },
]

/** Syllables of product series names: 鑫享, 安康, 福佑, ... */
export const SERIES_FIRST = [
  '鑫',
  '福',
  '安',
  '康',
  '瑞',
  '禧',
  '盈',
  '悦',
  '御',
  '尊',
  '金',
  '华',
  '颐',
  '智',
]
export const SERIES_SECOND = ['享', '佑', '宝', '利', '年', '保', '赢', '宁', '康', '盛', '护', '运']
