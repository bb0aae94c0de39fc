// The database's default name, apart from database.ts so that naming it does not load RxDB.
export const DEFAULT_DB_NAME = 'chatbot';
