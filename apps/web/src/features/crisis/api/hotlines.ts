import { crisisHotlinesEndpoint } from '@psy/contracts';
import { request } from '../../../shared/api/request';

/**
 * The hotlines shown with the student's help button, in a module of their own: the workbench's light
 * first paint (app/first-paint) asks for them without the query cache or the other crisis calls.
 */
export const fetchHotlines = (signal?: AbortSignal) => request(crisisHotlinesEndpoint, { signal });
