// The outbox tables have the same columns on both stores and PostgreSQL's int8 reads as a number (db.ts),
// so rows map to the repo's types the same way: one mapping, kept with SQLite's.
export { toDelivery, toNotification, type DeliveryRow, type NotificationRow } from '../sqlite/outbox-rows';
