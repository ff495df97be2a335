/**
 * The built-in catalogue of application templates: common server software recognised by process
 * name and arguments. A process belongs to at most one template, the first that matches in catalogue
 * order, so specific JVM products (Elasticsearch, Tomcat, Kafka...) come before plain Java.
 */

/** A detection suggestion of a template (a log file, a polled check or an alert to set up). */
export interface TemplateSuggestion {
  id: number;
  name: string;
  detail: string;
}

export interface AppTemplate {
  id: number;
  name: string;
  /** Process names (lowercase, without .exe) that identify the software. */
  names: readonly string[];
  /** When set, the arguments must also match (for runtimes such as java or beam.smp). */
  args?: RegExp;
  logs: readonly TemplateSuggestion[];
  polled_data: readonly TemplateSuggestion[];
  alerts: readonly TemplateSuggestion[];
}

const cpuAlert = (id: number): TemplateSuggestion => ({ id, name: 'CPU', detail: 'alert when CPU is above 80% for 5 minutes' });
const memAlert = (id: number): TemplateSuggestion => ({ id, name: 'Memory', detail: 'alert when memory is above 90% of the server' });
const downAlert = (id: number): TemplateSuggestion => ({ id, name: 'Processes', detail: 'alert when no process of the application runs' });
const basicAlerts = [downAlert(1), cpuAlert(2), memAlert(3)];
const log = (id: number, name: string, detail: string): TemplateSuggestion => ({ id, name, detail });
const check = (id: number, name: string, detail: string): TemplateSuggestion => ({ id, name, detail });
const PLUGINS = '/usr/lib/nagios/plugins';

const JVM = ['java', 'javaw'];

/** The catalogue; ids are stable (stored in applications.template). */
export const APP_TEMPLATES: readonly AppTemplate[] = [
  {
    id: 1, name: 'nginx', names: ['nginx'],
    logs: [log(1, 'access log', '/var/log/nginx/access.log'), log(2, 'error log', '/var/log/nginx/error.log')],
    polled_data: [check(1, 'check_http', `${PLUGINS}/check_http -H 127.0.0.1`)], alerts: basicAlerts,
  },
  {
    id: 2, name: 'Apache httpd', names: ['httpd', 'apache2', 'apache'],
    logs: [log(1, 'access log', '/var/log/apache2/access.log'), log(2, 'error log', '/var/log/apache2/error.log')],
    polled_data: [check(1, 'check_http', `${PLUGINS}/check_http -H 127.0.0.1`)], alerts: basicAlerts,
  },
  {
    id: 3, name: 'IIS', names: ['w3wp', 'inetinfo'],
    logs: [log(1, 'System event log', 'System')], polled_data: [], alerts: basicAlerts,
  },
  {
    id: 4, name: 'PostgreSQL', names: ['postgres', 'postmaster'],
    logs: [log(1, 'server log', '/var/log/postgresql/postgresql.log')],
    polled_data: [check(1, 'check_pgsql', `${PLUGINS}/check_pgsql -H 127.0.0.1`)], alerts: basicAlerts,
  },
  {
    id: 5, name: 'MySQL / MariaDB', names: ['mysqld', 'mariadbd', 'mysqld_safe'],
    logs: [log(1, 'error log', '/var/log/mysql/error.log')],
    polled_data: [check(1, 'check_mysql', `${PLUGINS}/check_mysql -H 127.0.0.1`)], alerts: basicAlerts,
  },
  {
    id: 6, name: 'Redis', names: ['redis-server'],
    logs: [log(1, 'server log', '/var/log/redis/redis-server.log')],
    polled_data: [check(1, 'check_tcp 6379', `${PLUGINS}/check_tcp -H 127.0.0.1 -p 6379`)], alerts: basicAlerts,
  },
  {
    id: 7, name: 'MongoDB', names: ['mongod', 'mongos'],
    logs: [log(1, 'server log', '/var/log/mongodb/mongod.log')],
    polled_data: [check(1, 'check_tcp 27017', `${PLUGINS}/check_tcp -H 127.0.0.1 -p 27017`)], alerts: basicAlerts,
  },
  {
    id: 8, name: 'memcached', names: ['memcached'], logs: [],
    polled_data: [check(1, 'check_tcp 11211', `${PLUGINS}/check_tcp -H 127.0.0.1 -p 11211`)], alerts: basicAlerts,
  },
  {
    id: 9, name: 'HAProxy', names: ['haproxy'], logs: [log(1, 'haproxy log', '/var/log/haproxy.log')],
    polled_data: [], alerts: basicAlerts,
  },
  {
    id: 10, name: 'Elasticsearch', names: JVM, args: /org\.elasticsearch\.bootstrap\.Elasticsearch/,
    logs: [log(1, 'cluster log', '/var/log/elasticsearch/elasticsearch.log')],
    polled_data: [check(1, 'check_http 9200', `${PLUGINS}/check_http -H 127.0.0.1 -p 9200`)], alerts: basicAlerts,
  },
  {
    id: 11, name: 'Apache Kafka', names: JVM, args: /\bkafka\.Kafka\b/,
    logs: [log(1, 'server log', '/var/log/kafka/server.log')], polled_data: [], alerts: basicAlerts,
  },
  {
    id: 12, name: 'Apache ZooKeeper', names: JVM, args: /org\.apache\.zookeeper\.server/,
    logs: [], polled_data: [check(1, 'check_tcp 2181', `${PLUGINS}/check_tcp -H 127.0.0.1 -p 2181`)], alerts: basicAlerts,
  },
  {
    id: 13, name: 'Apache Cassandra', names: JVM, args: /org\.apache\.cassandra\.service/,
    logs: [log(1, 'system log', '/var/log/cassandra/system.log')], polled_data: [], alerts: basicAlerts,
  },
  {
    id: 14, name: 'Apache Tomcat', names: JVM, args: /org\.apache\.catalina\.startup\.Bootstrap/,
    logs: [log(1, 'catalina log', '/var/log/tomcat/catalina.out')],
    polled_data: [check(1, 'check_http 8080', `${PLUGINS}/check_http -H 127.0.0.1 -p 8080`)], alerts: basicAlerts,
  },
  {
    id: 15, name: 'RabbitMQ', names: ['beam.smp', 'beam', 'erl'], args: /rabbit/,
    logs: [log(1, 'broker log', '/var/log/rabbitmq/rabbit.log')],
    polled_data: [check(1, 'check_tcp 5672', `${PLUGINS}/check_tcp -H 127.0.0.1 -p 5672`)], alerts: basicAlerts,
  },
  {
    id: 16, name: 'Java / JVM', names: JVM, logs: [], polled_data: [], alerts: basicAlerts,
  },
  {
    id: 17, name: 'Node.js', names: ['node', 'nodejs'], logs: [], polled_data: [], alerts: basicAlerts,
  },
  {
    id: 18, name: 'Microsoft SQL Server', names: ['sqlservr'],
    logs: [log(1, 'Application event log', 'Application')], polled_data: [], alerts: basicAlerts,
  },
  {
    id: 19, name: 'PHP-FPM', names: ['php-fpm', 'php-fpm8.2', 'php-fpm8.3', 'php-fpm7.4'],
    logs: [log(1, 'FPM log', '/var/log/php-fpm.log')], polled_data: [], alerts: basicAlerts,
  },
  {
    id: 20, name: 'Docker', names: ['dockerd', 'containerd'], logs: [], polled_data: [], alerts: basicAlerts,
  },
  {
    id: 21, name: 'Varnish', names: ['varnishd'], logs: [],
    polled_data: [check(1, 'check_http 6081', `${PLUGINS}/check_http -H 127.0.0.1 -p 6081`)], alerts: basicAlerts,
  },
  {
    id: 22, name: 'Postfix', names: ['master'], args: /postfix/,
    logs: [log(1, 'mail log', '/var/log/mail.log')],
    polled_data: [check(1, 'check_smtp', `${PLUGINS}/check_smtp -H 127.0.0.1`)], alerts: basicAlerts,
  },
];

/** The template with this id, or undefined. */
export function templateById(id: number): AppTemplate | undefined {
  return APP_TEMPLATES.find((t) => t.id === id);
}

/** A process name as templates compare it: the base name, lowercase, without a Windows .exe. */
export function normaliseProcessName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  return base.trim().toLowerCase().replace(/\.exe$/, '');
}

/** The first template of the catalogue that the process matches, or undefined. */
export function matchTemplate(proc: { name: string; args?: string | null }): AppTemplate | undefined {
  const name = normaliseProcessName(proc.name);
  return APP_TEMPLATES.find((t) => t.names.includes(name) && (!t.args || t.args.test(proc.args ?? '')));
}

/** Whether the process belongs to this template (it is the process's first match). */
export function processMatches(template: AppTemplate, proc: { name: string; args?: string | null }): boolean {
  return matchTemplate(proc)?.id === template.id;
}

/** Templates detected among the processes, in catalogue order, with the processes of each. */
export function detectTemplates<P extends { name: string; args?: string | null }>(
  processes: readonly P[],
): { template: AppTemplate; processes: P[] }[] {
  const found = new Map<number, P[]>();
  for (const p of processes) {
    const t = matchTemplate(p);
    if (t) found.set(t.id, [...(found.get(t.id) ?? []), p]);
  }
  return APP_TEMPLATES.filter((t) => found.has(t.id)).map((t) => ({ template: t, processes: found.get(t.id)! }));
}
