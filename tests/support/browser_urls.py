"""The API's URLs plus /test-live/: a page that follows a game with the browser's own
EventSource, opened with a stream ticket (EventSource cannot send Authorization)."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from config.urls import handler404, handler500, urlpatterns as api  # noqa: F401

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>live</title></head>
<body><ol id="events"></ol>
<script>
  const query = new URLSearchParams(location.search);
  window.received = [];
  window.errors = 0;
  const source = new EventSource(
    `/api/v1/games/${query.get("game")}/stream?ticket=${encodeURIComponent(query.get("ticket"))}`);
  // Each SSE event is typed (`event: stake_placed`): listen to the types this page shows.
  for (const type of query.get("types").split(",")) {
    source.addEventListener(type, (message) => {
      const event = JSON.parse(message.data);
      window.received.push({id: Number(message.lastEventId), type: event.type,
                            private: "private" in event});
      const item = document.createElement("li");
      item.textContent = `${message.lastEventId} ${event.type}`;
      document.getElementById("events").append(item);
    });
  }
  source.onerror = () => { window.errors += 1; };
</script></body></html>
"""


def page(request: HttpRequest) -> HttpResponse:
    return HttpResponse(PAGE)


urlpatterns = [*api, path("test-live/", page)]
