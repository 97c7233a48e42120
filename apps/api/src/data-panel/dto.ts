import type { AppDocument as AppDocumentDto, AppUserSummary } from '@sprout/core/contract';
import type { AppDocument, AppUser } from '@sprout/db';

/** A stored document as the Data panel shows it: the server's fields beside the app's `data`. */
export function toDocumentDto(doc: AppDocument): AppDocumentDto {
  return { id: doc.id, createdAt: doc.createdAt.toISOString(), updatedAt: doc.updatedAt.toISOString(), createdBy: doc.createdBy, data: doc.data };
}

export function toAppUserDto(user: AppUser): AppUserSummary {
  return { id: user.id, email: user.email, createdAt: user.createdAt.toISOString() };
}
