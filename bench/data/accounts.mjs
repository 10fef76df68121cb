// Accounts (`users`) as a brokerage's clients hold them: a Chinese full name (a common surname and one
// or two given characters), a Latin account name and nickname, an e-mail at a common provider and a
// mobile number, every unique one unique. A few are rare on purpose (one in 10,000 is a 欧阳,
// one in 5,000 a "zephyr"), so searches of every frequency have something to find.
//
//   await generate(client, { rows }) — client: a connected pg client on a migrated database.

const pick = (values, expression) =>
  `(array[${values.map((value) => `'${value}'`).join(',')}])[1 + (${expression}) % ${values.length}]`

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '林',
  '高',
  '罗',
]
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '涛',
  '明',
  '超',
  '秀英',
  '华',
  '慧',
  '建国',
]
const PINYIN = [
  'wang',
  'li',
  'zhang',
  'liu',
  'chen',
  'yang',
  'huang',
  'zhao',
  'wu',
  'zhou',
  'xu',
  'sun',
  'ma',
  'zhu',
  'hu',
  'guo',
  'he',
  'lin',
  'gao',
  'luo',
]
const NICKS = [
  'Sunny',
  'Leo',
  'Amy',
  'Tiger',
  'Coco',
  'Kevin',
  'Lucy',
  'Jack',
  '小鱼',
  '阿明',
  '晴天',
  '木子',
]
const MAIL = ['qq.com', '163.com', '126.com', 'gmail.com', 'outlook.com', 'sina.com']

export async function generate(client, { rows }) {
  await client.query(
    `insert into users (uname, name, nickname, email, mobile_phone, status, created_at, updated_at, deleted_at)
     select
       case when g % 5000 = 13 then 'zephyr' || g else ${pick(PINYIN, 'g::bigint * 7919')} || g end,
       case when g % 10000 = 17 then '欧阳' || ${pick(GIVEN, 'g / 3')}
         else ${pick(SURNAMES, 'g::bigint * 7919')} || ${pick(GIVEN, 'g::bigint * 104729 / 7')}
           || case when g % 3 = 0 then ${pick(GIVEN, 'g::bigint * 15485863 / 11')} else '' end end,
       ${pick(NICKS, 'g::bigint * 31 / 3')},
       ${pick(PINYIN, 'g::bigint * 7919')} || '.' || g || '@' || ${pick(MAIL, 'g::bigint * 17 / 5')},
       '1' || (30 + g % 60) || lpad(g::text, 8, '0'),
       1 + g % 2,
       timestamptz '2021-01-01' + g * interval '1 minute',
       timestamptz '2021-01-01' + (g::bigint * 7919 % $1) * interval '1 minute',
       case when g % 25 = 0 then now() end
     from generate_series(1, $1::int) g`,
    [rows],
  )
}
