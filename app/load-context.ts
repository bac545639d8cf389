// What the server hands every loader and action: the database handle (one path to the data) and the visitor's session.
import type { PageAuth } from '../core/schemas/account';
import type { Db } from '../db/client';

declare module 'react-router' {
  interface AppLoadContext {
    db: Db;
    auth: PageAuth;
  }
}

export {};
