// What an edit sends: only the fields that changed, and a sensitive variable's value only when a replacement was
// typed; an empty field means "keep the hidden value", never "set it to empty" (workspace-api.md, Variable).
import type { VariableAttributes, VariableCategory, VariableFields } from '../../../../../main/contract';

export interface VariableForm {
  key: string;
  value: string;
  description: string;
  category: VariableCategory;
  hcl: boolean;
  sensitive: boolean;
}

export function variablePatch(original: VariableAttributes, form: VariableForm): Partial<VariableFields> {
  const out: Partial<VariableFields> = {};
  if (form.key !== original.key) out.key = form.key;
  if (form.category !== original.category) out.category = form.category;
  if (form.description !== (original.description ?? '')) out.description = form.description;
  if (form.hcl !== original.hcl) out.hcl = form.hcl;
  if (form.sensitive !== original.sensitive) out.sensitive = form.sensitive;
  if (original.sensitive ? form.value !== '' : form.value !== (original.value ?? '')) out.value = form.value;
  return out;
}
