export { KEPT_VERSION_DATA, versionsWithData } from './snapshots';
