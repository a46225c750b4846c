'use strict';

const path = require('node:path');

// SQLite (better-sqlite3) by default; PostgreSQL with DATABASE_CLIENT=postgres.
module.exports = ({ env }) => {
  const client = env('DATABASE_CLIENT', 'sqlite');

  if (client === 'postgres') {
    const ssl = env.bool('DATABASE_SSL', false)
      ? { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true) }
      : false;
    return {
      connection: {
        client: 'postgres',
        connection: env('DATABASE_URL')
          ? { connectionString: env('DATABASE_URL'), ssl }
          : {
              host: env('DATABASE_HOST', '127.0.0.1'),
              port: env.int('DATABASE_PORT', 5432),
              database: env('DATABASE_NAME', 'music_classroom'),
              user: env('DATABASE_USERNAME', 'strapi'),
              password: env('DATABASE_PASSWORD', 'strapi'),
              schema: env('DATABASE_SCHEMA', 'public'),
              ssl,
            },
        pool: { min: env.int('DATABASE_POOL_MIN', 2), max: env.int('DATABASE_POOL_MAX', 10) },
        acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
      },
    };
  }

  return {
    connection: {
      client: 'sqlite',
      connection: {
        filename: path.resolve(
          __dirname,
          '..',
          env('DATABASE_FILENAME', path.join('.tmp', 'data.db')),
        ),
      },
      useNullAsDefault: true,
      // Write-ahead logging: a commit appends to data.db-wal and syncs that one file, where the
      // default rollback journal wrote and synced a journal file and the database, then deleted
      // the journal (a small commit: 0.2-0.3 ms against 0.9-1.1 ms on the development machine's
      // disk). `synchronous = FULL` keeps a commit on disk before its answer leaves, as before: an
      // edit the device was told is applied survives a power cut. A clean stop folds the log back
      // into data.db.
      pool: {
        afterCreate(connection, done) {
          connection.pragma('journal_mode = WAL');
          connection.pragma('synchronous = FULL');
          done(null, connection);
        },
      },
    },
  };
};
