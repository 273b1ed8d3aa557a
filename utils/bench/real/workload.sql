-- SQL workload for the SQLite benchmark (docs/Benchmarks.md): generates
-- tables with recursive CTEs, indexes them, and runs joins, aggregates,
-- sorts, string functions, updates and deletes. Deterministic: the "random"
-- values come from arithmetic on the row number.
-- Usage: sqlite3 :memory: < workload.sql; prints a few result rows.
PRAGMA cache_size = -65536;
CREATE TABLE customer(id INTEGER PRIMARY KEY, name TEXT, city INTEGER,
                      balance REAL);
CREATE TABLE item(id INTEGER PRIMARY KEY, title TEXT, price INTEGER,
                  category INTEGER);
CREATE TABLE orders(id INTEGER PRIMARY KEY, customer INTEGER, item INTEGER,
                    qty INTEGER, day INTEGER, note TEXT);

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
INSERT INTO customer
  SELECT i, 'cust' || ((i * 7919) % 100003), (i * 31) % 97,
         ((i * 2654435761) % 1000003) / 100.0 FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
INSERT INTO item
  SELECT i, printf('item-%05d-%s', (i * 104729) % 50000,
                   substr('abcdefghijklmnopqrstuvwxyz', 1 + i % 26, 3)),
         1 + (i * 37) % 500, i % 40 FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30000)
INSERT INTO orders
  SELECT i, 1 + (i * 48271) % 5000, 1 + (i * 16807) % 5000, 1 + i % 9,
         (i * 13) % 365, CASE WHEN i % 5 = 0 THEN 'gift ' || i ELSE NULL END
  FROM n;

CREATE INDEX orders_customer ON orders(customer);
CREATE INDEX orders_item_day ON orders(item, day);
CREATE INDEX customer_city ON customer(city, balance);
CREATE INDEX item_title ON item(title);

SELECT count(*), sum(qty), min(day), max(day) FROM orders;

SELECT c.city, count(*) AS n, sum(o.qty * i.price) AS revenue
  FROM orders o JOIN customer c ON c.id = o.customer
                JOIN item i ON i.id = o.item
 GROUP BY c.city ORDER BY revenue DESC LIMIT 5;

SELECT i.category, avg(o.qty), count(DISTINCT o.customer)
  FROM item i JOIN orders o ON o.item = i.id
 WHERE o.day BETWEEN 100 AND 200
 GROUP BY i.category ORDER BY i.category LIMIT 5;

SELECT name, balance FROM customer
 WHERE city = 42 AND balance > 5000 ORDER BY balance DESC LIMIT 3;

SELECT count(*) FROM item WHERE title LIKE 'item-1%';
SELECT count(*), sum(length(note)) FROM orders WHERE note GLOB 'gift *7';

SELECT customer, total FROM (
  SELECT customer, sum(qty) AS total,
         rank() OVER (ORDER BY sum(qty) DESC) AS r
    FROM orders GROUP BY customer)
 WHERE r <= 3 ORDER BY customer;

UPDATE customer SET balance = balance * 1.05 WHERE city % 3 = 0;
UPDATE orders SET qty = qty + 1 WHERE day % 7 = 0;
DELETE FROM orders WHERE customer % 11 = 0;

SELECT count(*), sum(qty) FROM orders;
SELECT round(sum(balance), 2) FROM customer;

SELECT upper(substr(title, 6, 5)) AS k, count(*)
  FROM item GROUP BY k ORDER BY count(*) DESC, k LIMIT 3;

SELECT c.id, (SELECT count(*) FROM orders o WHERE o.customer = c.id) AS n
  FROM customer c WHERE c.id % 1000 = 1 ORDER BY n DESC, c.id LIMIT 3;

CREATE TABLE summary AS
  SELECT item, day / 30 AS month, sum(qty) AS q FROM orders
   GROUP BY item, month;
SELECT count(*), sum(q) FROM summary;
