import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { z } from 'zod';
import type { Permission } from '../../shared/access';
import type { UserProfile } from '../../shared/users';
import type { FieldErrors } from '../components/forms/schema-errors';
import type { Column } from '../components/ui/data-table';

/** What a resource's form fields get: the values, a setter of some of them, the errors by field, the options. */
export interface FieldsProps<F, O> {
  value: F;
  set: (patch: Partial<F>) => void;
  errors: FieldErrors;
  options: O;
  /** True in the form of a new item. */
  creating: boolean;
}

/** The words of an editable screen; those of the row actions are the accessible names tests find them by. */
export interface EditableLabels<T> {
  /** The heading, and the table's caption. */
  title: string;
  /** "Loading …" while the list loads. */
  loading: string;
  /** Shown when the account has none. */
  empty: string;
  /** The button that opens the empty form, and the title of its panel. */
  add: string;
  addTitle: string;
  editTitle: (row: T) => string;
  save: (creating: boolean) => string;
  edit: (row: T) => string;
  delete: (row: T) => string;
  /** The question of the delete dialog, and what it means for the rest (optional). */
  confirm: (row: T) => { question: string; detail?: string };
}

/**
 * An editable resource: a list with columns and a filter, a form to add or edit one (`?edit=new|<id>`),
 * delete after asking. `T` is the item as listed, `F` the values of the form, `I` what the save sends,
 * `O` what the form and the cells need besides (e.g. the servers to pick from).
 */
export interface EditableResource<T extends { id: number }, F extends object, I, O> {
  labels: EditableLabels<T>;
  /** What adding, editing and deleting need (shared/access.ts): without it the list is read-only. */
  permission: Permission;
  /** No add button: new items come another way (users: by invitation, in `Header`). */
  noAdd?: boolean;
  useList: () => UseQueryResult<T[]>;
  /** The options, undefined while they load (the form waits for them). Left out when there are none. */
  useOptions?: () => O | undefined;
  /** The save of a new item (`id` null) or of item `id`; a failure naming a field lands at that field. */
  useSave: (id: number | null) => UseMutationResult<unknown, Error, I>;
  useDelete: () => UseMutationResult<unknown, Error, number>;
  columns: Column<T, O | undefined>[];
  /** Rows without a delete button (the account owner). */
  canDelete?: (row: T) => boolean;
  /** Rows a user without the Manager role may still edit (their own profile); by default none. */
  canEditOwn?: (row: T, me: UserProfile) => boolean;
  /** Shown above the list (e.g. a key just created, shown once). */
  Header?: ComponentType;
  /** More actions of a row, after Edit and Delete; `writer` tells whether the user may change configuration. */
  RowActions?: ComponentType<{ row: T; writer: boolean }>;
  /** The form's values for an item, or for a new one. */
  toForm: (row: T | undefined) => F;
  /** What is checked and sent: all values, or only those that changed. */
  toInput: (values: F, initial: F, creating: boolean) => I;
  /** The shared schema the service checks the input with. */
  schema: (creating: boolean) => z.ZodType;
  Fields: ComponentType<FieldsProps<F, O>>;
}

/** Any editable resource, its types erased so that the registry can hold resources of different types. */
export type AnyEditableResource = EditableResource<{ id: number }, object, unknown, unknown>;

/** Checks a resource's definition with its own types, then erases them for the registry. */
export function editable<T extends { id: number }, F extends object, I, O = undefined>(r: EditableResource<T, F, I, O>): AnyEditableResource {
  return r as unknown as AnyEditableResource;
}
