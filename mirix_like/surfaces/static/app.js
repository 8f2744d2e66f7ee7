// The mirix-like web UI: plain JS over the REST API. Text is always set with textContent.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { key: localStorage.getItem("mirix-like-key") || "", types: [], current: null,
                tab: "chat" };

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

// Each tab has its own status line, cleared whenever the tab changes: no message is stale.
// ``undo``, when given, adds a button that runs it.
function say(panel, message, isError, undo) {
  const status = $(`${panel}-status`);
  status.replaceChildren(message);
  status.className = isError ? "status error" : "status";
  if (undo) {
    const button = el("button", "Undo", "undo");
    button.type = "button";
    button.addEventListener("click", undo);
    status.append(" ", button);
  }
}

async function api(method, path, body) {
  const options = { method, headers: { Authorization: `Bearer ${state.key}` } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = response.status === 204 ? null : await response.json();
  if (!response.ok) {
    const error = (data && data.error) || { type: response.statusText, message: "" };
    throw new Error(`${error.type}: ${error.message}`);
  }
  return data;
}

function label(item) {
  return item.summary || item.title || item.name || item.caption || item.value || item.id;
}

// ----------------------------------------------------------------- sign in and tabs

async function signIn(key) {
  state.key = key;
  try {
    const me = await api("GET", "/api/me");
    if (!me.user_id) throw new Error("an admin key holds no memories: use a user's key");
    localStorage.setItem("mirix-like-key", key);
    $("who").textContent = `user: ${me.user_id}`;
    $("login-error").textContent = "";
    $("sign-out").hidden = false;
    $("login").hidden = true;
    $("app").hidden = false;
    state.types = await api("GET", "/api/types");
    const select = $("type-select");
    select.replaceChildren(...state.types.map((t) => {
      const option = el("option", t.name);
      option.value = t.name;
      return option;
    }));
    openTab(state.tab);  // the tab the user picked while this was loading, if any
    refreshWatcher();
  } catch (error) {
    localStorage.removeItem("mirix-like-key");
    $("login-error").textContent = error.message;
  }
}

function showTab(name) {
  state.tab = name;
  for (const tab of document.querySelectorAll(".tab")) {
    tab.classList.toggle("active", tab.dataset.tab === name);
    $(tab.dataset.tab).hidden = tab.dataset.tab !== name;
    say(tab.dataset.tab, "");
  }
}

function signOut() {
  state.key = "";
  localStorage.removeItem("mirix-like-key");
  $("app").hidden = true;
  $("login").hidden = false;
  $("who").textContent = "";
  $("sign-out").hidden = true;
  $("conversation").replaceChildren();
}

async function refreshWatcher() {
  try {
    const info = await api("GET", "/api/watcher");
    const s = info.status || {};
    $("watcher").textContent = info.running
      ? `watcher: ${s.state}, frames kept ${s.frames_kept}, dropped ${s.frames_dropped}, ` +
        `pending ${s.pending}`
      : "watcher: not running";
  } catch (error) {
    $("watcher").textContent = "watcher: unknown";
  }
}

// ----------------------------------------------------------------- chat

function addTurn(who, text) {
  const turn = el("div", undefined, "turn");
  turn.append(el("span", who, "who"), el("span", text, "text"));
  $("conversation").append(turn);
  reveal(turn);
  return turn;
}

// Scroll the conversation so that ``turn`` shows whole (its top, if it is taller than the
// view), memories included: nothing is left under the input box.
function reveal(turn) {
  const view = $("conversation");
  const top = turn.offsetTop - view.offsetTop;
  const fits = turn.offsetHeight <= view.clientHeight;
  view.scrollTop = fits ? top + turn.offsetHeight - view.clientHeight : top;
}

async function ask() {
  const message = $("chat-input").value.trim();
  if (!message) return;
  addTurn("you", message);
  $("chat-input").value = "";
  say("chat", "thinking…");
  try {
    const response = await api("POST", "/api/chat", { message });
    const turn = addTurn("assistant", response.answer);
    turn.classList.add("answer");
    const used = el("ul", undefined, "used");
    for (const hit of response.memories) {
      const entry = el("li");
      entry.append(el("span", hit.memory_type, "badge"), el("span", label(hit.item)));
      entry.title = "open in the memory browser";
      entry.addEventListener("click", () => openItem(hit.memory_type, hit.item.id));
      used.append(entry);
    }
    const count = response.memories.length;
    turn.append(el("div", count ? `memories used: ${count}` : "no memory used", "used"), used);
    reveal(turn);
    say("chat", "");
  } catch (error) {
    say("chat", error.message, true);
  }
}

async function remember() {
  const content = $("chat-input").value.trim();
  if (!content) return;
  say("chat", "remembering…");
  try {
    const report = await api("POST", "/api/add", { content, flush: true });
    const created = Object.entries(report.created).map(([t, ids]) => `${ids.length} ${t}`);
    addTurn("remembered", `${content} → ${created.join(", ") || "nothing new"}`);
    // Keep what was typed while it was being remembered.
    if ($("chat-input").value.trim() === content) $("chat-input").value = "";
    say("chat", report.errors.join("; "), report.errors.length > 0);
  } catch (error) {
    say("chat", error.message, true);
  }
}

// ----------------------------------------------------------------- memory browser

function typeInfo(name) {
  return state.types.find((t) => t.name === name);
}

function itemEntry(memoryType, item) {
  const entry = el("li");
  entry.dataset.id = item.id;
  entry.append(el("span", memoryType, "badge"), el("span", label(item)));
  entry.addEventListener("click", () => openItem(memoryType, item.id));
  return entry;
}

async function loadType(memoryType) {
  const info = typeInfo(memoryType);
  $("type-description").textContent = info ? info.description : "";
  const query = $("search-input").value.trim();
  try {
    let items;
    if (query) {
      const hits = await api("POST", "/api/search",
        { query, memory_types: [memoryType], limit: 50 });
      items = hits.map((h) => h.item);
    } else {
      items = await api("GET", `/api/memories/${encodeURIComponent(memoryType)}?limit=200`);
    }
    $("results").replaceChildren(...items.map((item) => itemEntry(memoryType, item)));
    if (!items.length) $("results").replaceChildren(el("li", "nothing found", "hint"));
    const all = query ? await api("GET",
      `/api/memories/${encodeURIComponent(memoryType)}?limit=1000`) : items;
    renderTree(memoryType, info && info.tree, all);
  } catch (error) {
    say("memories", error.message, true);
  }
}

function renderTree(memoryType, hasTree, items) {
  if (!hasTree) {
    $("tree").replaceChildren(el("p", "this type has no tree", "hint"));
    return;
  }
  const root = { children: new Map(), items: [] };
  for (const item of items) {
    let node = root;
    for (const part of item.tree_path || []) {
      if (!node.children.has(part)) node.children.set(part, { children: new Map(), items: [] });
      node = node.children.get(part);
    }
    node.items.push(item);
  }
  const render = (node) => {
    const list = el("ul");
    for (const [name, child] of [...node.children].sort()) {
      const branch = el("details");
      branch.open = true;
      branch.append(el("summary", name), render(child));
      const wrapper = el("li");
      wrapper.append(branch);
      list.append(wrapper);
    }
    for (const item of node.items) list.append(itemEntry(memoryType, item));
    return list;
  };
  $("tree").replaceChildren(render(root));
}

async function openItem(memoryType, itemId) {
  showTab("memories");
  say("memories", "");
  $("type-select").value = memoryType;
  try {
    const path = `/api/memories/${encodeURIComponent(memoryType)}/${encodeURIComponent(itemId)}`;
    const item = await api("GET", path);
    state.current = { memoryType, item };
    $("detail").hidden = false;
    $("detail-title").textContent = `${memoryType} ${item.id}`;
    const form = $("edit-form");
    form.replaceChildren();
    for (const field of typeInfo(memoryType).fields) {
      const value = item[field];
      const box = el("textarea");
      box.name = field;
      box.value = typeof value === "string" ? value : JSON.stringify(value);
      const lines = Math.ceil(box.value.length / 70) + box.value.split("\n").length - 1;
      box.rows = Math.max(1, Math.min(8, lines));
      box.dataset.json = typeof value === "string" ? "" : "1";
      box.dataset.original = box.value;
      const caption = el("label", field);
      caption.append(box);
      form.append(caption);
    }
    await loadHistory(item.id);
    if (!$("results").querySelector(`[data-id="${CSS.escape(item.id)}"]`)) {
      await loadType(memoryType);
    }
  } catch (error) {
    say("memories", error.message, true);
  }
}

async function loadHistory(itemId) {
  const entries = await api("GET", `/api/history/${encodeURIComponent(itemId)}`);
  $("history").replaceChildren(...entries.map((entry) => {
    const line = el("li", `${entry.at.slice(0, 19).replace("T", " ")} ${entry.action} by ${entry.actor}`);
    if (entry.action === "update" || entry.action === "delete") {
      const undo = el("button", "restore");
      undo.type = "button";
      undo.addEventListener("click", () => restore(entry));
      line.append(" ", undo);
    }
    return line;
  }));
}

async function save() {
  const { memoryType, item } = state.current;
  const changes = {};
  try {
    for (const box of $("edit-form").querySelectorAll("textarea")) {
      if (box.value !== box.dataset.original) {
        changes[box.name] = box.dataset.json ? JSON.parse(box.value) : box.value;
      }
    }
  } catch (error) {
    say("memories", `not valid JSON: ${error.message}`, true);
    return;
  }
  if (!Object.keys(changes).length) return say("memories", "nothing changed");
  try {
    await api("PATCH", `/api/memories/${encodeURIComponent(memoryType)}/${encodeURIComponent(item.id)}`, changes);
    await openItem(memoryType, item.id);
    await loadType(memoryType);
    say("memories", "saved");
  } catch (error) {
    say("memories", error.message, true);
  }
}

async function remove() {
  const { memoryType, item } = state.current;
  if (!confirm(`Delete this ${memoryType} memory?`)) return;
  try {
    await api("DELETE", `/api/memories/${encodeURIComponent(memoryType)}/${encodeURIComponent(item.id)}`);
    $("detail").hidden = true;
    const entries = await api("GET", `/api/history/${encodeURIComponent(item.id)}`);
    const deletion = entries.filter((e) => e.action === "delete").pop();
    say("memories", `deleted ${memoryType} “${label(item)}”`, false,
      deletion && (() => restore(deletion)));
    await loadType(memoryType);
  } catch (error) {
    say("memories", error.message, true);
  }
}

async function restore(entry) {
  try {
    await api("POST", `/api/history/${encodeURIComponent(entry.id)}/restore`);
    await openItem(entry.memory_type, entry.item_id);
    await loadType(entry.memory_type);
    say("memories", `restored ${entry.memory_type} ${entry.item_id}`);
  } catch (error) {
    say("memories", error.message, true);
  }
}

// ----------------------------------------------------------------- wiring

$("login-form").addEventListener("submit", (event) => {
  event.preventDefault();
  signIn($("api-key").value.trim());
});
function openTab(name) {
  showTab(name);
  // Before sign-in has the types there is nothing to list yet: it lists them when it does.
  if (name === "memories" && state.types.length) loadType($("type-select").value);
}

for (const tab of document.querySelectorAll(".tab")) {
  tab.addEventListener("click", () => openTab(tab.dataset.tab));
}
$("chat-form").addEventListener("submit", (event) => { event.preventDefault(); ask(); });
$("chat-input").addEventListener("keydown", (event) => {  // Enter asks, Shift+Enter: new line
  if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    ask();
  }
});
$("remember").addEventListener("click", remember);
$("search-form").addEventListener("submit", (event) => {
  event.preventDefault();
  say("memories", "");
  loadType($("type-select").value);
});
$("type-select").addEventListener("change", () => {
  say("memories", "");
  loadType($("type-select").value);
});
$("save").addEventListener("click", save);
$("delete").addEventListener("click", remove);
$("sign-out").addEventListener("click", signOut);
if (state.key) signIn(state.key);
setInterval(() => { if (state.key && !$("app").hidden) refreshWatcher(); }, 15000);
