import { QueryTypes } from 'sequelize';
import { createSequelize } from './src/db/sequelize.js';
import { runInOrganization } from './src/db/tenant-context.js';
import { resolveScope } from './src/features/organizations/scope.service.js';
import { listRequisitions } from './src/features/requisitions/requisitions.service.js';
const owner = createSequelize('postgres://postgres@127.0.0.1:5432/rls_scratch', { poolMax: 2 });
const plain = createSequelize('postgres://purchasing_app@127.0.0.1:5432/rls_scratch', { poolMax: 2 });
const [who] = await owner.query<any>(`SELECT u.id AS user_id, o.id AS organization_id FROM users u, organizations o WHERE u.email = 'admin@acme.test' AND o.code = 'ACME'`, { type: QueryTypes.SELECT });
const captured: [string, unknown[]][] = [];
const proxy = new Proxy(owner, { get(t, p, r) { if (p === 'query') return (sql: string, o: any) => { captured.push([sql, o.bind]); return t.query(sql, o); }; return Reflect.get(t, p, r); } });
const scope = (await resolveScope({ sequelize: proxy }, who.user_id, who.organization_id))!;
await listRequisitions({ sequelize: proxy }, { userId: who.user_id, scope }, { limit: 10, offset: 0 });
for (const [sql, bind] of captured) {
  for (const [label, s] of [['owner', owner], ['plain', plain]] as const) {
    const plan: number[] = []; const exec: number[] = [];
    for (let i = 0; i < 40; i++) {
      const rows = await runInOrganization(who.organization_id, () => s.query<any>(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, { bind, type: QueryTypes.SELECT }));
      const text = rows.map((r: any) => r['QUERY PLAN']).join('\n');
      plan.push(Number(/Planning Time: ([\d.]+)/.exec(text)![1])); exec.push(Number(/Execution Time: ([\d.]+)/.exec(text)![1]));
    }
    const med = (v: number[]) => v.sort((a, b) => a - b)[20]!.toFixed(3);
    console.log(`${label} ${sql.slice(0, 40).replace(/\s+/g, ' ')} plan ${med(plan)} exec ${med(exec)}`);
  }
}
await owner.close(); await plain.close();
