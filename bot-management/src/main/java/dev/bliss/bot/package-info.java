/**
 * The bot-management detector: for every request, on its event loop, a bot score the origin
 * (x-bot-score) and the firewall (bot.* fields) act on. Sub-packages: {@code keys} (dimension
 * keys, fingerprints), {@code hex} (Vector API hex codec), {@code features} (schema, request and
 * store features), {@code heuristics}, {@code verified}, {@code scoring} (CatBoost), {@code events}.
 */
package dev.bliss.bot;
