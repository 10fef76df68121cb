// Products with names as a brokerage holds them: a company, a plan and a kind, in Chinese (two rows of
// three) or in English, an edition year, and ids and numbers of letters and digits. A few words are
// rare on purpose (one row in 10,000 names a 鑫 plan, one in 5,000 an Orchid plan), so searches of
// every frequency have something to find. The catalogue rows they point to are made too.
//
//   await generate(client, { rows }) — client: a connected pg client on a migrated database.

const pick = (values, expression) =>
  `(array[${values.map((value) => `'${value}'`).join(',')}])[1 + (${expression}) % ${values.length}]`

const CN_FIRMS = [
  '平安',
  '国寿',
  '太平',
  '人保',
  '泰康',
  '新华',
  '友邦',
  '华泰',
  '阳光',
  '中英',
  '招商信诺',
  '大家',
]
const CN_PLANS = [
  '福',
  '康',
  '安',
  '乐',
  '瑞',
  '盈',
  '禧',
  '悦',
  '享',
  '金',
  '尊',
  '御',
  '守护',
  '臻选',
  '传家',
  '如意',
]
const CN_KINDS = [
  '终身寿险',
  '重大疾病保险',
  '医疗保险',
  '意外伤害保险',
  '年金保险',
  '两全保险',
  '定期寿险',
  '护理保险',
]
const EN_FIRMS = [
  'Allianz',
  'AIA',
  'Prudential',
  'MetLife',
  'AXA',
  'Zurich',
  'Manulife',
  'Sun Life',
  'Generali',
  'Chubb',
]
const EN_PLANS = ['Term', 'Whole', 'Care', 'Shield', 'Prime', 'Flex', 'Smart', 'Secure', 'Vita', 'Plus']
const EN_KINDS = [
  'Life',
  'Critical Illness',
  'Health',
  'Accident',
  'Annuity',
  'Endowment',
  'Medical',
  'Travel',
]

/** The SQL of a product's name for row g. */
const nameSql = (g) => `case
    when ${g} % 10000 = 7 then '鑫' || ${pick(CN_FIRMS, `${g} / 7`)} || '终身寿险'
    when ${g} % 5000 = 11 then ${pick(EN_FIRMS, `${g} / 7`)} || ' Orchid Life'
    when ${g} % 3 < 2 then ${pick(CN_FIRMS, `${g}::bigint * 7919`)} || ${pick(CN_PLANS, `${g}::bigint * 104729 / 7`)}
      || ${pick(CN_KINDS, `${g}::bigint * 15485863 / 11`)} || '(' || (2010 + ${g} % 15) || '版)'
    else ${pick(EN_FIRMS, `${g}::bigint * 7919`)} || ' ' || ${pick(EN_PLANS, `${g}::bigint * 104729 / 7`)} || ' '
      || ${pick(EN_KINDS, `${g}::bigint * 15485863 / 11`)} || ' ' || (2010 + ${g} % 15)
  end`

export async function generate(client, { rows }) {
  await client.query(`insert into firms (name, full_name, type)
    select f.name, f.name || '保险股份有限公司', 1 + f.n % 2
      from unnest(array[${[...CN_FIRMS, ...EN_FIRMS].map((name) => `'${name}'`).join(',')}]) with ordinality f(name, n)`)
  await client.query(`insert into classifys (name, parent_id, level, left_margin, right_margin)
    select c.name, 0, 1, 10000 + c.n * 10, 10000 + c.n * 10 + 9
      from unnest(array['人寿保险','健康保险','意外保险','财产保险','年金保险']) with ordinality c(name, n)`)
  await client.query(`insert into pclassifys (name, parent_id, level, left_margin, right_margin)
    select c.name, 0, 1, 10000 + c.n * 2 - 1, 10000 + c.n * 2
      from unnest(array['个人','团体','少儿','老年','高端']) with ordinality c(name, n)`)
  await client.query(`insert into years (name, value)
    select g * 5 || '年', (g * 5)::text from generate_series(1, 6) g`)
  await client.query(
    `insert into products (uid, firm_id, classify_id, classify2_id, pclassify_id, name, is_long_time, class,
       buy_type, pay_type, attr, company_no, no, status, issue_at, stop_at, created_at, updated_at, deleted_at)
     select 'P' || lpad(g::text, 8, '0'),
       (select min(id) from firms) + g::bigint * 7919 % (select count(*) from firms),
       (select min(id) from classifys) + g % 5, (select min(id) from classifys) + (g / 5) % 5,
       (select min(id) from pclassifys) + g % 5,
       ${nameSql('g')},
       g % 2, g % 2, 1 + g % 2, 1 + g % 7, g % 6,
       upper(substr(md5(g::text), 1, 2)) || '-' || (2010 + g % 15) || '-' || lpad((g % 100000)::text, 5, '0'),
       'N' || (2010 + g % 15) || lpad(g::text, 8, '0'),
       g % 3,
       timestamptz '2015-01-01' + (g % 3650) * interval '1 day',
       case when g % 3 = 1 then null else date '2030-01-01' + g % 1000 end,
       timestamptz '2020-01-01' + g * interval '1 minute',
       timestamptz '2020-01-01' + (g::bigint * 7919 % $1) * interval '1 minute',
       case when g % 20 = 0 then now() end
     from generate_series(1, $1::int) g`,
    [rows],
  )
  await client.query(`insert into product_year (product_id, year_id)
    select p.id, (select min(id) from years) + p.id % 6 from products p`)
}
