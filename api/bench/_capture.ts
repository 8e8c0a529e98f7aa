import { grantAppRole } from '../src/db/app-role.js';
import { migrateUp } from '../src/db/migrator.js';
import { initModels } from '../src/db/models/index.js';
import { seedDemoData } from '../src/db/seed.js';
import { createSequelize } from '../src/db/sequelize.js';
import { resolveScope } from '../src/features/organizations/scope.service.js';
import { listRequisitions } from '../src/features/requisitions/requisitions.service.js';

const url = 'postgres://postgres@127.0.0.1:5432/rlsexp';
const owner = createSequelize(url, { poolMax: 2 });
await migrateUp(owner);
await seedDemoData(owner, initModels(owner));
await grantAppRole(owner, 'purchasing_app', { login: true }).catch(() => undefined);
const [[admin]] = (await owner.query(
  "SELECT u.id AS user_id, m.organization_id FROM users u JOIN user_organizations m ON m.user_id=u.id JOIN organizations o ON o.id=m.organization_id WHERE u.email='admin@acme.test' AND o.code='ACME'",
)) as any;
console.log('IDS', admin.user_id, admin.organization_id);
const logged = createSequelize(url, { poolMax: 1, logging: true });
const db = { sequelize: logged };
const scope = await resolveScope(db as any, admin.user_id, admin.organization_id);
await listRequisitions(db as any, { userId: admin.user_id, scope } as any, { limit: 10, offset: 0 } as any);
await owner.close();
await logged.close();
