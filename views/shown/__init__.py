"""What the screens say and show, in words and values, without flet."""
