import { describe, expect, it } from 'vitest';
import { APP_TEMPLATES, detectTemplates, matchTemplate, normaliseProcessName, processMatches, templateById } from './app-templates';

describe('the template catalogue', () => {
  it('has unique ids and names', () => {
    expect(new Set(APP_TEMPLATES.map((t) => t.id)).size).toBe(APP_TEMPLATES.length);
    expect(new Set(APP_TEMPLATES.map((t) => t.name)).size).toBe(APP_TEMPLATES.length);
  });

  it('gives suggestions unique ids within each kind', () => {
    for (const t of APP_TEMPLATES) {
      for (const list of [t.logs, t.polled_data, t.alerts]) expect(new Set(list.map((s) => s.id)).size).toBe(list.length);
    }
  });
});

describe('matchTemplate', () => {
  it.each([
    [{ name: 'nginx', args: 'nginx: master process /usr/sbin/nginx' }, 'nginx'],
    [{ name: 'nginx.exe' }, 'nginx'],
    [{ name: 'apache2', args: '-k start' }, 'Apache httpd'],
    [{ name: 'httpd' }, 'Apache httpd'],
    [{ name: 'w3wp.exe', args: '-ap "DefaultAppPool"' }, 'IIS'],
    [{ name: 'W3WP.EXE' }, 'IIS'],
    [{ name: 'postgres', args: '-D /var/lib/postgresql/16/main' }, 'PostgreSQL'],
    [{ name: 'mysqld' }, 'MySQL / MariaDB'],
    [{ name: 'mariadbd' }, 'MySQL / MariaDB'],
    [{ name: 'redis-server', args: '127.0.0.1:6379' }, 'Redis'],
    [{ name: 'mongod', args: '--config /etc/mongod.conf' }, 'MongoDB'],
    [{ name: 'memcached', args: '-m 64 -p 11211' }, 'memcached'],
    [{ name: 'haproxy', args: '-f /etc/haproxy/haproxy.cfg' }, 'HAProxy'],
    [{ name: 'java', args: '-Xms1g org.elasticsearch.bootstrap.Elasticsearch -d' }, 'Elasticsearch'],
    [{ name: 'java', args: '-cp /opt/kafka/libs/* kafka.Kafka config/server.properties' }, 'Apache Kafka'],
    [{ name: 'java', args: 'org.apache.zookeeper.server.quorum.QuorumPeerMain zoo.cfg' }, 'Apache ZooKeeper'],
    [{ name: 'java', args: 'org.apache.cassandra.service.CassandraDaemon' }, 'Apache Cassandra'],
    [{ name: 'java', args: '-Dcatalina.base=/opt/tomcat org.apache.catalina.startup.Bootstrap start' }, 'Apache Tomcat'],
    [{ name: 'java.exe', args: '-jar app.jar' }, 'Java / JVM'],
    [{ name: 'java', args: null }, 'Java / JVM'],
    [{ name: 'beam.smp', args: '-- -root /usr/lib/erlang -s rabbit boot' }, 'RabbitMQ'],
    [{ name: 'node', args: '/srv/app/server.js' }, 'Node.js'],
    [{ name: 'sqlservr.exe' }, 'Microsoft SQL Server'],
    [{ name: 'php-fpm', args: 'master process (/etc/php/fpm.conf)' }, 'PHP-FPM'],
    [{ name: 'dockerd' }, 'Docker'],
    [{ name: 'varnishd' }, 'Varnish'],
    [{ name: 'master', args: '-w /usr/lib/postfix/sbin/master' }, 'Postfix'],
    [{ name: '/usr/sbin/nginx' }, 'nginx'],
  ])('recognises %j as %s', (proc, name) => {
    expect(matchTemplate(proc)?.name).toBe(name);
  });

  it.each([
    { name: 'bash' },
    { name: 'sshd', args: 'nginx' },
    { name: 'beam.smp', args: '-s ejabberd' },
    { name: 'master', args: '-w /usr/sbin/exim' },
    { name: 'nginx-helper' },
    { name: '' },
  ])('recognises nothing in %j', (proc) => {
    expect(matchTemplate(proc)).toBeUndefined();
  });
});

describe('processMatches and detectTemplates', () => {
  const tomcat = templateById(14)!;
  const java = templateById(16)!;

  it('gives a process only to its most specific template', () => {
    const p = { name: 'java', args: 'org.apache.catalina.startup.Bootstrap start' };
    expect(processMatches(tomcat, p)).toBe(true);
    expect(processMatches(java, p)).toBe(false);
    expect(processMatches(java, { name: 'java', args: '-jar x.jar' })).toBe(true);
  });

  it('groups processes by template in catalogue order', () => {
    const procs = [
      { name: 'node', args: 'a.js', pid: 1 },
      { name: 'nginx', args: 'master', pid: 2 },
      { name: 'bash', args: '', pid: 3 },
      { name: 'nginx', args: 'worker', pid: 4 },
    ];
    const found = detectTemplates(procs);
    expect(found.map((f) => [f.template.name, f.processes.map((p) => p.pid)])).toEqual([
      ['nginx', [2, 4]],
      ['Node.js', [1]],
    ]);
    expect(detectTemplates([])).toEqual([]);
  });

  it('normalises names', () => {
    expect(normaliseProcessName('C:\\Windows\\System32\\inetsrv\\W3WP.exe')).toBe('w3wp');
    expect(normaliseProcessName(' Node ')).toBe('node');
  });
});
