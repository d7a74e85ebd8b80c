// The starting text of the "New job" page: a small, valid service job in the configuration language that a person
// edits rather than writes from nothing.
export const NEW_JOB_TEMPLATE = `job "example" {
  datacenters = ["dc1"]
  type        = "service"

  group "web" {
    count = 2

    network {
      port "http" {
        to = 8080
      }
    }

    task "server" {
      driver = "docker"

      config {
        image = "nginx:1.25"
        ports = ["http"]
      }

      resources {
        cpu    = 200
        memory = 128
      }
    }
  }
}
`;
