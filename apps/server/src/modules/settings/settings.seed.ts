import { DICTIONARIES } from '@psy/forms';
import type { SchoolSeedContext } from '../../core/module';
import { dictItem, dictType, pageSetup, setting } from './settings.table';

/**
 * A new school's page setup (its name as the titles), the dictionaries every school starts with (their
 * value sets are the form engine's, so they live once, in @psy/forms) and the settings it is created with.
 */
export async function seedSchoolSettings({ tx, tenantId, school }: SchoolSeedContext): Promise<void> {
  await tx.insert(pageSetup).values({
    tenantId,
    systemTitle: school.systemTitle ?? school.name,
    browserTitle: school.systemTitle ?? school.name,
    layoutThemeColor: school.themeColor ?? '#1677ff',
    technicalSupport: null,
  });
  // Two statements for all the dictionaries: a school is created in the tests of every file.
  const dictIds = await tx
    .insert(dictType)
    .values(DICTIONARIES.map((d) => ({ tenantId, name: d.name, description: d.description, system: true })))
    .returning({ id: dictType.id, name: dictType.name });
  const dictIdByName = new Map(dictIds.map((d) => [d.name, d.id]));
  await tx.insert(dictItem).values(
    DICTIONARIES.flatMap((d) =>
      d.items.map(([value, label, labelEn], i) => ({
        tenantId,
        dictId: dictIdByName.get(d.name)!,
        value,
        label,
        labelEn,
        sort: i + 1,
      })),
    ),
  );
  for (const s of school.settings ?? []) {
    await tx.insert(setting).values({ tenantId, type: s.type, enable: s.enable, value: s.value ?? {} });
  }
}
