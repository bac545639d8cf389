// What the server hands every loader and action: the database handle (one path to the data).
import type { Db } from '../db/client';

declare module 'react-router' {
  interface AppLoadContext {
    db: Db;
  }
}

export {};
