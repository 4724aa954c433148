import assert from 'node:assert/strict';
import { DEMO_PASSWORD, loginAs } from '../lib/journey.mjs';

// Checks the journeys' own tooling: the db fixture helpers (e2e/lib/db.mjs) change what the running server
// does, and the changes are undone. Uses the demo student, whom no other journey needs unchanged mid-run.
export const name = 'e2e fixtures: database changes reach the running server and are undone';
export const needsDb = true;

const USER = 'student';

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, db }) {
  const before = await db.findUser(USER);
  assert.equal(before.status, 'active');
  assert.equal(before.mustChangePassword, false);
  assert.ok(before.roleIds.length > 0, 'the demo student has a role');

  // A disabled account is refused by the real server.
  await db.setUserStatus(USER, 'locked');
  await assert.rejects(loginAs(page, baseUrl, { username: USER, password: DEMO_PASSWORD }), /login refused/);

  await db.setMustChangePassword(USER, true);
  const removed = await db.removeUserRoles(USER);
  assert.deepEqual(removed, before.roleIds);
  const changed = await db.findUser(USER);
  assert.deepEqual(
    [changed.status, changed.mustChangePassword, changed.roleIds],
    ['locked', true, []],
    'the helpers changed the rows',
  );
  await db.restoreUserRoles(USER, removed);
  assert.deepEqual((await db.findUser(USER)).roleIds, before.roleIds, 'roles restored');
  await db.removeUserRoles(USER);

  // What the run does after every journey: everything back as the seed left it.
  await db.undoChanges();
  assert.deepEqual(await db.findUser(USER), before, 'every change undone');
  await loginAs(page, baseUrl, { username: USER, password: DEMO_PASSWORD });
}
