'use strict';

const {
  PLAYLIST,
  ITEM_KINDS,
  TARGET_OF_KIND,
  COMPONENT_OF_KIND,
  KIND_OF_COMPONENT,
} = require('./playlist-state');

/**
 * A playlist's items are the components of its dynamic zone `playlist_item` (one row per item in
 * its component's table, one row in the playlist's `_cmps` join table that holds its position as
 * a float `order`, and the link to its activity page or file). The spec's GraphQL, REST and the
 * admin panel read them as Strapi stores them. The sync route writes them as a diff of the stored
 * rows and the merged state, with the Query Engine and the join table's own columns: an added
 * item inserts its rows, a removed one deletes them, a moved one gets a new `order` between its
 * new neighbours, a rename touches the playlist's row only. Writing the whole zone through the
 * Document Service (as any other write does) deletes and inserts every item: 5.6 s for a rename
 * of a 499-item playlist.
 */
const FIELD = 'playlist_item';
const ITEM_FIELDS = ['id', 'item_key', 'title', 'context_path'];

function zoneTable(strapi) {
  const { joinTable } = strapi.db.metadata.get(PLAYLIST).attributes[FIELD];
  return {
    name: joinTable.name,
    entity: joinTable.joinColumn.name,
    component: joinTable.morphColumn.idColumn.name,
    type: joinTable.morphColumn.typeColumn.name,
  };
}

/**
 * Where a component's `item` points, as tables and columns: an activity's link table, or a file's
 * morph table (media), both from Strapi's own metadata.
 */
function itemLink(strapi, uid) {
  const attribute = strapi.db.metadata.get(uid).attributes.item;
  if (attribute.relation === 'morphOne') {
    const target = strapi.db.metadata.get(attribute.target);
    const { joinTable } = target.attributes[attribute.morphBy];
    return {
      table: joinTable.name,
      component: joinTable.morphColumn.idColumn.name,
      target: joinTable.joinColumn.name,
      where: { [joinTable.morphColumn.typeColumn.name]: uid, field: 'item' },
      targetTable: target.tableName,
      order: joinTable.orderColumnName ?? null,
    };
  }
  const { joinTable } = attribute;
  return {
    table: joinTable.name,
    component: joinTable.joinColumn.name,
    target: joinTable.inverseJoinColumn.name,
    where: {},
    targetTable: strapi.db.metadata.get(attribute.target).tableName,
    order: joinTable.orderColumnName ?? null,
  };
}

/**
 * The stored playlist row and its item rows in order (every row, also one whose activity page
 * or file was deleted, which the merged state no longer has and the write then removes). The
 * items are read with three plain queries (the zone's rows, then each kind's components with
 * their target's document id): the Query Engine's populate of a 500-item zone took most of a
 * request's time.
 * @param {object} where a Query Engine filter that names one playlist of its owner
 */
async function readPlaylistRows(strapi, trx, where) {
  const row = await strapi.db.query(PLAYLIST).findOne({
    where,
    select: [
      'id',
      'documentId',
      'title',
      'client_id',
      'version',
      'applied_ops',
      'field_log',
      'conflicts',
    ],
    populate: { audience: { select: ['documentId'] } },
  });
  if (!row) return null;
  const zone = zoneTable(strapi);
  const connection = (table) => strapi.db.getConnection(table).transacting(trx);
  const places = await connection(zone.name)
    .where({ [zone.entity]: row.id, field: FIELD })
    .orderBy([{ column: 'order' }, { column: 'id' }])
    .select(zone.component, zone.type, 'order');
  const components = new Map();
  for (const uid of Object.values(COMPONENT_OF_KIND)) {
    if (!places.some((place) => place[zone.type] === uid)) continue;
    const table = strapi.db.metadata.get(uid).tableName;
    const link = itemLink(strapi, uid);
    const ofPlaylist = connection(zone.name)
      .where({ [zone.entity]: row.id, field: FIELD, [zone.type]: uid })
      .select(zone.component);
    const found = await connection(table)
      .leftJoin(link.table, (on) => {
        on.on(`${link.table}.${link.component}`, '=', `${table}.id`);
        for (const [column, value] of Object.entries(link.where))
          on.andOnVal(`${link.table}.${column}`, '=', value);
      })
      .leftJoin(link.targetTable, `${link.targetTable}.id`, `${link.table}.${link.target}`)
      .whereIn(`${table}.id`, ofPlaylist)
      .select([
        ...ITEM_FIELDS.map((field) => `${table}.${field}`),
        `${link.targetTable}.document_id as target_document_id`,
      ]);
    // An activity links its page's draft and published rows: one document id either way.
    for (const component of found) {
      const known = components.get(`${uid}:${component.id}`);
      if (!known || (!known.target_document_id && component.target_document_id))
        components.set(`${uid}:${component.id}`, component);
    }
  }
  const items = places.flatMap((place) => {
    const uid = place[zone.type];
    const component = components.get(`${uid}:${place[zone.component]}`);
    if (!component) return [];
    return [
      {
        uid,
        id: component.id,
        order: Number(place.order),
        key: component.item_key || `cms-${component.id}`,
        keyStored: Boolean(component.item_key),
        kind: KIND_OF_COMPONENT[uid] ?? null,
        itemId: component.target_document_id ?? null,
        title: component.title ?? '',
        contextPath: component.context_path ?? '',
      },
    ];
  });
  return { row, items };
}

/** Keys of the longest run of `entries` (in their new order) whose stored orders already increase. */
function keysInPlace(entries) {
  const tails = [];
  const previous = new Array(entries.length);
  entries.forEach((entry, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (entries[tails[middle]].order < entry.order) low = middle + 1;
      else high = middle;
    }
    previous[index] = low > 0 ? tails[low - 1] : -1;
    tails[low] = index;
  });
  const keys = new Set();
  for (let at = tails.length > 0 ? tails[tails.length - 1] : -1; at !== -1; at = previous[at])
    keys.add(entries[at].key);
  return keys;
}

/**
 * The `order` of each item that must be (re)placed so that sorting by order gives `keys`: items
 * already in increasing order keep theirs; the others (moved or new) get values spaced between
 * their staying neighbours. null when the floats between two neighbours are used up (after some
 * fifty moves to one spot): the caller numbers every item again.
 * @param {Map<string, number>} storedOrders @param {string[]} keys the new order
 * @returns {Map<string, number> | null}
 */
function planOrders(storedOrders, keys) {
  const staying = keysInPlace(
    keys
      .filter((key) => storedOrders.has(key))
      .map((key) => ({ key, order: storedOrders.get(key) })),
  );
  const placed = new Map();
  for (let start = 0; start < keys.length;) {
    if (staying.has(keys[start])) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < keys.length && !staying.has(keys[end])) end += 1;
    const count = end - start;
    const low = start > 0 ? storedOrders.get(keys[start - 1]) : null;
    const high = end < keys.length ? storedOrders.get(keys[end]) : null;
    const from = low ?? (high === null ? 0 : high - count - 1);
    const step = high === null ? 1 : (high - from) / (count + 1);
    let last = from;
    for (let offset = 1; offset <= count; offset += 1) {
      const value = from + step * offset;
      if (!(value > last) || (high !== null && !(value < high))) return null;
      placed.set(keys[start + offset - 1], value);
      last = value;
    }
    start = end;
  }
  return placed;
}

/** Row ids of each item's target: an activity page's draft and published rows (as the Document Service links them), a file's row. */
async function targetRowIds(strapi, items) {
  const ids = new Map();
  for (const kind of ITEM_KINDS) {
    const documentIds = [
      ...new Set(items.filter((item) => item.kind === kind).map((item) => item.itemId)),
    ];
    if (documentIds.length === 0) continue;
    const rows = await strapi.db
      .query(TARGET_OF_KIND[kind])
      .findMany({ where: { documentId: { $in: documentIds } }, select: ['id', 'documentId'] });
    for (const row of rows) {
      const key = `${kind}:${row.documentId}`;
      ids.set(key, [...(ids.get(key) ?? []), row.id]);
    }
  }
  return (item) => ids.get(`${item.kind}:${item.itemId}`) ?? [];
}

/**
 * Rows per multi-row INSERT: SQLite's knex builds one as a compound SELECT (at most 500 terms),
 * and a statement binds at most 32,766 values on the SQLite that better-sqlite3 bundles (65,535 on
 * PostgreSQL).
 */
const ROWS_PER_INSERT = 450;
const MOST_VALUES = 30000;

/** `rows` in as few INSERTs as the limits allow; what each `returning` gives back, in one list. */
async function insertRows(strapi, trx, table, rows, returning) {
  if (rows.length === 0) return [];
  const size = Math.max(
    1,
    Math.min(ROWS_PER_INSERT, Math.floor(MOST_VALUES / Object.keys(rows[0]).length)),
  );
  const answers = [];
  for (let start = 0; start < rows.length; start += size) {
    const query = strapi.db
      .getConnection(table)
      .transacting(trx)
      .insert(rows.slice(start, start + size));
    // Without RETURNING, PostgreSQL's answer is a result object, not rows: nothing to collect.
    if (returning) answers.push(...(await query.returning(returning)));
    else await query;
  }
  return answers;
}

/**
 * Inserts the rows of `added` items (component, link to its activity page or file, place in the
 * zone) with a few multi-row INSERTs per table, not the Query Engine's several statements per
 * item: a request that adds 500 items took seconds, and SQLite's one connection waited as long.
 * The component ids come back by item key (RETURNING on SQLite and PostgreSQL), whatever order
 * the database returns its rows in.
 */
async function insertItemRows(strapi, trx, playlist, added, targets, placeOf) {
  const zone = zoneTable(strapi);
  const zoneRows = [];
  for (const uid of Object.values(COMPONENT_OF_KIND)) {
    const ofKind = added.filter((item) => COMPONENT_OF_KIND[item.kind] === uid);
    if (ofKind.length === 0) continue;
    const { tableName } = strapi.db.metadata.get(uid);
    const componentRows = ofKind.map((item) => ({
      item_key: item.key,
      title: item.title,
      context_path: item.contextPath,
      playlist_order: placeOf(item.key).position,
    }));
    const ids = new Map(
      (await insertRows(strapi, trx, tableName, componentRows, ['id', 'item_key'])).map((row) => [
        row.item_key,
        row.id,
      ]),
    );
    const link = itemLink(strapi, uid);
    const linkRows = ofKind.flatMap((item) =>
      targets(item).map((target, index) => ({
        [link.component]: ids.get(item.key),
        [link.target]: target,
        ...link.where,
        ...(link.order ? { [link.order]: index + 1 } : {}),
      })),
    );
    await insertRows(strapi, trx, link.table, linkRows);
    for (const item of ofKind)
      zoneRows.push({
        [zone.entity]: playlist.id,
        [zone.component]: ids.get(item.key),
        [zone.type]: uid,
        field: FIELD,
        order: placeOf(item.key).order,
      });
  }
  await insertRows(strapi, trx, zone.name, zoneRows);
}

/** Deletes the rows of `removed` items (component, link, place in the zone) with one DELETE per table and kind. */
async function deleteItemRows(strapi, trx, playlist, removed) {
  const zone = zoneTable(strapi);
  const connection = (table) => strapi.db.getConnection(table).transacting(trx);
  for (const uid of Object.values(COMPONENT_OF_KIND)) {
    const ids = removed.filter((row) => row.uid === uid).map((row) => row.id);
    if (ids.length === 0) continue;
    const link = itemLink(strapi, uid);
    await connection(link.table).where(link.where).whereIn(link.component, ids).delete();
    await connection(zone.name)
      .where({ [zone.entity]: playlist.id, [zone.type]: uid, field: FIELD })
      .whereIn(zone.component, ids)
      .delete();
    await connection(strapi.db.metadata.get(uid).tableName).whereIn('id', ids).delete();
  }
}

const sameItem = (row, item) =>
  row.keyStored &&
  row.kind === item.kind &&
  row.itemId === item.itemId &&
  row.title === item.title &&
  row.contextPath === item.contextPath;

/**
 * Writes `items` (the merged state's, in order) over the stored item rows, changing only what
 * differs. Runs inside the sync route's transaction.
 * @param {{ id: number }} playlist the stored row
 * @param {Awaited<ReturnType<typeof readPlaylistRows>>['items']} storedItems
 * @param {{ key: string, kind: string, itemId: string, title: string, contextPath: string }[]} items
 */
async function writeItemRows(strapi, trx, playlist, storedItems, items) {
  const zone = zoneTable(strapi);
  const joinRows = () => strapi.db.getConnection(zone.name).transacting(trx);
  const wanted = new Map(items.map((item) => [item.key, item]));
  const kept = new Map();
  const removed = [];
  for (const row of storedItems) {
    const item = wanted.get(row.key);
    // An item that changed kind is a different component: removed here, added below.
    if (!item || kept.has(row.key) || row.kind !== item.kind) removed.push(row);
    else kept.set(row.key, row);
  }
  await deleteItemRows(strapi, trx, playlist, removed);

  const added = items.filter((item) => !kept.has(item.key));
  // Also an item stored before item keys existed: its key (from its id) is stored once, with the
  // first write of the playlist's items, so it stays the same across writes.
  const changed = items.filter((item) => kept.has(item.key) && !sameItem(kept.get(item.key), item));
  const targets = await targetRowIds(strapi, [
    ...added,
    ...changed.filter((item) => item.itemId !== kept.get(item.key).itemId),
  ]);
  for (const item of changed) {
    const row = kept.get(item.key);
    const data = { title: item.title, context_path: item.contextPath, item_key: item.key };
    if (row.itemId !== item.itemId) data.item = targets(item);
    await strapi.db.query(row.uid).update({ where: { id: row.id }, data });
  }

  const keys = items.map((item) => item.key);
  const storedOrders = new Map([...kept].map(([key, row]) => [key, row.order]));
  const planned = planOrders(storedOrders, keys);
  const orders = planned ?? new Map(keys.map((key, index) => [key, index + 1]));
  for (const [key, order] of orders) {
    const row = kept.get(key);
    if (!row || row.order === order) continue;
    await joinRows()
      .where({
        [zone.entity]: playlist.id,
        [zone.component]: row.id,
        [zone.type]: row.uid,
        field: FIELD,
      })
      .update({ order });
  }
  const positions = new Map(keys.map((key, index) => [key, index]));
  await insertItemRows(strapi, trx, playlist, added, targets, (key) => ({
    position: positions.get(key),
    order: orders.get(key),
  }));
}

module.exports = { readPlaylistRows, writeItemRows, planOrders };
