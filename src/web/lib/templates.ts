import { templateById } from '../../shared/app-templates';

/** The name of an application template by id, or `Template #id` when the catalogue does not know it. */
export const templateName = (id: number): string => templateById(id)?.name ?? `Template #${id}`;
