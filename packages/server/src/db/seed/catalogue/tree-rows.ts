/** A tree as seed data: each node's name and its children's names. */
export type SeedTree = ReadonlyArray<[name: string, children: readonly string[]]>

/** Insurance classifications, two levels. */
export const CLASSIFY_TREE: SeedTree = [
  ['人寿保险', ['定期寿险', '终身寿险', '两全保险', '年金保险', '万能保险', '投资连结保险']],
  ['健康保险', ['重大疾病保险', '医疗保险', '防癌保险', '护理保险', '失能收入损失保险']],
  ['意外伤害保险', ['综合意外险', '交通意外险', '航空意外险', '学生平安险', '旅游意外险']],
  ['财产保险', ['家庭财产保险', '企业财产保险', '机动车辆保险', '责任保险', '工程保险', '货物运输保险']],
]

/** Insurance groupings. */
export const PCLASSIFY_TREE: SeedTree = [
  ['个人保障', ['少儿保障', '成人保障', '老年保障']],
  ['财富规划', ['教育金', '养老金', '财富传承']],
  ['团体保险', ['团体医疗', '团体意外', '团体寿险']],
  ['短期保险', ['旅行保险', '短期意外', '短期医疗']],
]

/** Payment periods: name, value (years, comma-separated), description. */
export const YEAR_ROWS: ReadonlyArray<[name: string, value: string, description: string]> = [
  ['一次性交清', '1', '趸交，投保时一次交清全部保费'],
  ['5年交', '5', '分 5 年交清'],
  ['10年交', '10', '分 10 年交清'],
  ['15年交', '15', '分 15 年交清'],
  ['20年交', '20', '分 20 年交清'],
  ['30年交', '30', '分 30 年交清'],
  ['3/5/10年交', '3,5,10', '可选 3 年、5 年或 10 年交清'],
  ['交至60周岁', '60', '交费至被保险人 60 周岁'],
  ['交至70周岁', '70', '交费至被保险人 70 周岁'],
]
