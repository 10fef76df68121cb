// Operation-log entries for the benches: `generate(client, { rows })` fills a migrated, seeded
// database (a connected pg client) with `rows` entries over the last 400 days, one in three a
// successful login, ids rising with time as the server writes them:
//   - 3,000 operators, each with a usual address and now and then a second one, and one login in
//     fifty from one of 20,000 other addresses (about 26,000 addresses in all, ~3,000 a day);
//   - the place of each address (Chinese cities), the url and method of a menu item of the back
//     office (the login route for logins), small request parameters.
// Fast: the month partitions made first, the log's secondary indexes dropped and built again after
// (maintenance_work_mem raised for that session), the login triggers off while inserting
// (session_replication_role = replica) and the rollups built once from the entries; the entries are
// made in an unlogged staging table and chained there in id order as the server's trigger chains them
// (one plpgsql loop writing each place and hash to a second staging table), then moved into the log
// with their chain in one INSERT; then vacuum analyze. Timed and printed by the caller.

const CITIES = [
  '中国 北京 北京市',
  '中国 上海 上海市',
  '中国 广东 广州市',
  '中国 广东 深圳市',
  '中国 浙江 杭州市',
  '中国 江苏 南京市',
  '中国 江苏 苏州市',
  '中国 四川 成都市',
  '中国 湖北 武汉市',
  '中国 陕西 西安市',
  '中国 重庆 重庆市',
  '中国 天津 天津市',
  '中国 湖南 长沙市',
  '中国 山东 青岛市',
  '中国 山东 济南市',
  '中国 福建 厦门市',
  '中国 福建 福州市',
  '中国 河南 郑州市',
  '中国 辽宁 沈阳市',
  '中国 辽宁 大连市',
  '中国 云南 昆明市',
  '中国 安徽 合肥市',
  '中国 黑龙江 哈尔滨市',
  '中国 吉林 长春市',
  '中国 广西 南宁市',
  '中国 江西 南昌市',
  '中国 贵州 贵阳市',
  '中国 河北 石家庄市',
  '中国 山西 太原市',
  '中国 海南 海口市',
]
const OPERATORS = 3000
const OTHER_ADDRESSES = 20000
const DAYS = 400
const CHUNK = 500_000

const sqlText = (value) => `'${String(value).replaceAll("'", "''")}'`

export async function generate(client, { rows, log = () => {} }) {
  const { rows: facts } = await client.query(`
    select login_menu_id() as login,
      (select array_agg(id order by id) from menus where url like '/admin/%' and deleted_at is null) as ids,
      (select array_agg(url order by id) from menus where url like '/admin/%' and deleted_at is null) as urls,
      (select array_agg(method order by id) from menus where url like '/admin/%' and deleted_at is null) as methods`)
  const { login, ids, urls, methods } = facts[0]
  const verbs = methods.map((bits) => (bits & 1 ? 'GET' : bits & 2 ? 'POST' : bits & 4 ? 'PUT' : 'DELETE'))
  const array = (values, type) => `array[${values.map(sqlText).join(',')}]::${type}[]`
  const [menuIds, menuVerbs, menuUrls, cities] = [
    array(ids, 'int'),
    array(verbs, 'text'),
    array(urls, 'text'),
    array(CITIES, 'text'),
  ]
  // Every month of the span, partitioned before the rows come.
  await client.query(`select create_log_partition(month::date) from generate_series(
      date_trunc('month', (now() - interval '${DAYS} days') at time zone 'UTC'),
      date_trunc('month', now() at time zone 'UTC'), interval '1 month') as month`)
  const { rows: indexes } = await client.query(`
    select c.relname as name, pg_get_indexdef(c.oid) as definition
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = 'logs'::regclass and not i.indisprimary`)
  for (const index of indexes) await client.query(`drop index ${index.name}`)
  await client.query("set session_replication_role = 'replica'")
  await client.query("set maintenance_work_mem = '512MB'")
  const first = (await client.query('select coalesce(max(id), 0)::bigint as id from logs')).rows[0].id
  const started = performance.now()
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`
  // The entries are made in a staging table, chained there in id order, then moved into the log
  // whole: chaining them in place (chain_unchained_logs, an UPDATE an entry across the partitions)
  // ran at ~900 entries a second, three hours for 10 million.
  await client.query('drop table if exists bench_log_rows, bench_log_chain')
  await client.query('create unlogged table bench_log_rows (like logs including defaults)')
  await client.query(
    'create unlogged table bench_log_chain (id bigint, chain_seq bigint, prev_hash bytea, hash bytea)',
  )
  for (let from = 1; from <= rows; from += CHUNK) {
    const to = Math.min(rows, from + CHUNK - 1)
    // h: a hash of the row number; the operator, address and menu item follow from it.
    await client.query(`
      insert into bench_log_rows (id, menu_id, user_id, app_id, location, ip, parameters, method, url, created_at, updated_at)
      select ${first}::bigint + g, case when is_login then ${login} else (${menuIds})[1 + h % ${ids.length}] end,
        operator, 0, (${cities})[1 + address % ${CITIES.length}],
        (36 + address % 60) || '.' || (address / 60 % 250) || '.' || (address / 15000 % 250) || '.' || (1 + address % 249),
        case when is_login then jsonb_build_object('username', 'user' || operator)
          else jsonb_build_object('page', 1 + h % 5) end,
        case when is_login then 'POST' else (${menuVerbs})[1 + h % ${ids.length}] end,
        case when is_login then '/web-api/open/login'
          else '/web-api' || (${menuUrls})[1 + h % ${ids.length}] end,
        at, at
      from (
        select g, h, is_login, operator,
          case when h % 50 = 0 then ${OPERATORS * 2} + h / 50 % ${OTHER_ADDRESSES}
            else operator * 2 + (h / 7 % 10 = 0)::int end as address,
          now() - interval '${DAYS} days' + (g - 1)::float8 / ${rows} * interval '${DAYS} days' as at
        from (
          select g, h, g % 3 = 0 as is_login, 1 + h / 13 % ${OPERATORS} as operator
          from (select g, (g::bigint * 2654435761 % 4294967296) as h from generate_series(${from}, ${to}) as g) hashed
        ) picked
      ) entry`)
    log(`  logs: ${to.toLocaleString('en')} of ${rows.toLocaleString('en')} entries made (${elapsed()})`)
  }
  await client.query('create index on bench_log_rows (id)')
  // The chain as the server's trigger writes it (log_entry_content, sha256 of the previous hash and
  // the content), continued from the chain's head.
  await client.query(`do $$
    declare
      entry record;
      last_seq bigint;
      last_hash bytea;
      next_hash bytea;
    begin
      select seq, hash into last_seq, last_hash from log_chain_head where id = 1 for update;
      for entry in select * from bench_log_rows order by id loop
        next_hash := sha256(last_hash || log_entry_content(entry.id, entry.menu_id, entry.user_id,
          entry.app_id, entry.location, entry.ip, entry.parameters, entry.changes, entry.return,
          entry.method, entry.url, entry.resource, entry.record_id, entry.created_at));
        last_seq := last_seq + 1;
        insert into bench_log_chain values (entry.id, last_seq, last_hash, next_hash);
        last_hash := next_hash;
      end loop;
      update log_chain_head set seq = last_seq, hash = last_hash where id = 1;
    end $$`)
  log(`  logs: hash chain made (${elapsed()})`)
  await client.query(`
    insert into logs (id, menu_id, user_id, app_id, location, ip, parameters, changes, return, method,
      url, created_at, updated_at, deleted_at, resource, record_id, chain_seq, prev_hash, hash)
    select r.id, r.menu_id, r.user_id, r.app_id, r.location, r.ip, r.parameters, r.changes, r.return,
      r.method, r.url, r.created_at, r.updated_at, r.deleted_at, r.resource, r.record_id, c.chain_seq,
      c.prev_hash, c.hash
    from bench_log_rows r join bench_log_chain c using (id)`)
  await client.query('drop table bench_log_rows, bench_log_chain')
  log(`  logs: entries moved into the log (${elapsed()})`)
  await client.query(`select setval('logs_id_seq', (select max(id) from logs))`)
  await client.query("set session_replication_role = 'origin'")
  for (const index of indexes) {
    await client.query(index.definition.replace(' ON ONLY ', ' ON '))
    log(`  logs: index ${index.name} built (${elapsed()})`)
  }
  await client.query('select rebuild_login_counts()')
  log(`  logs: login rollups built (${elapsed()})`)
  await client.query('vacuum analyze logs')
  await client.query('vacuum analyze login_counts')
  await client.query('vacuum analyze login_ips')
}
