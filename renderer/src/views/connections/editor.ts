// Opens the connection form drawer from anywhere: the connections page, the welcome screen, the palette.
import { reactive } from 'vue';
import type { ConnectionKind } from '../../../../main/contract';

export const editor = reactive({
  open: false,
  /** Set when editing a saved connection; null when adding one. */
  connectionId: null as string | null,
  kind: 'cluster' as ConnectionKind,
});

export function openCreateConnection(kind: ConnectionKind = 'cluster'): void {
  editor.connectionId = null;
  editor.kind = kind;
  editor.open = true;
}

export function openEditConnection(id: string, kind: ConnectionKind): void {
  editor.connectionId = id;
  editor.kind = kind;
  editor.open = true;
}

export function closeConnectionEditor(): void {
  editor.open = false;
}
