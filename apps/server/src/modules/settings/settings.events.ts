import { defineEvent } from '../../core/events';

/**
 * A setting record is about to be saved (its payload already fits the code's schema). A module whose
 * rows the payload names checks them: it refuses with a 400 on `field` (the payload's path in the
 * request) or normalises the value in place; nothing is saved when any subscriber refuses.
 */
export const settingSaving = defineEvent<{
  type: string;
  value: Record<string, unknown>;
  field: string;
}>('settings.setting-saving');
